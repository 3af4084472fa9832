-- What moderators did to a player that lasts: a mute (until a time) or a closed account
-- (for good), with the reason the player is told and the action that did it.
CREATE TABLE sanctions (
   user_key TEXT NOT NULL REFERENCES users(key) ON DELETE CASCADE,
   kind TEXT NOT NULL,
   reason TEXT NOT NULL,
   until INTEGER,
   action TEXT NOT NULL,
   created INTEGER NOT NULL,
   PRIMARY KEY (user_key, kind)
);
