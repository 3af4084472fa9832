-- Sessions die with their account: SQLite's sessions table made again with the foreign key
-- (SQLite cannot add one to a table), keeping the sessions of accounts that exist.
CREATE TABLE sessions_of_users (
   token TEXT PRIMARY KEY,
   user_key TEXT NOT NULL REFERENCES users(key) ON DELETE CASCADE,
   expires INTEGER NOT NULL
);
INSERT INTO sessions_of_users (token, user_key, expires)
   SELECT token, user_key, expires FROM sessions
   WHERE user_key IN (SELECT key FROM users);
DROP TABLE sessions;
ALTER TABLE sessions_of_users RENAME TO sessions;
CREATE INDEX sessions_by_user ON sessions (user_key);
