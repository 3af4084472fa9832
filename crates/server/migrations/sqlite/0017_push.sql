-- Web Push: the server's VAPID key (made once, by whichever process comes first), each
-- browser's subscription to an account's notifications, and the deadline of the move a
-- correspondence game's player on move was last warned of.
CREATE TABLE push_keys (
   id INTEGER PRIMARY KEY CHECK (id = 1),
   private TEXT NOT NULL
);
CREATE TABLE push_subscriptions (
   endpoint TEXT PRIMARY KEY,
   user_key TEXT NOT NULL,
   p256dh TEXT NOT NULL,
   auth TEXT NOT NULL,
   lang TEXT NOT NULL,
   since INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_key);
ALTER TABLE games ADD COLUMN warned INTEGER;
