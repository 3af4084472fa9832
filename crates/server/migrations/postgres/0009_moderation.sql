-- Moderators (granted by the operator on the command line), and every action they take.
CREATE TABLE moderators (
   user_key TEXT PRIMARY KEY REFERENCES users(key) ON DELETE CASCADE,
   granted BIGINT NOT NULL
);
CREATE TABLE mod_actions (
   id TEXT PRIMARY KEY,
   moderator TEXT NOT NULL,
   player TEXT NOT NULL,
   action TEXT NOT NULL,
   reason TEXT NOT NULL,
   report TEXT,
   created BIGINT NOT NULL
);
CREATE INDEX mod_actions_by_player ON mod_actions (player, created);
