-- Accounts (a case-free key, the name as typed, the password hash) and their sessions (a
-- token hash and its expiry).
CREATE TABLE users (
   key TEXT PRIMARY KEY,
   name TEXT NOT NULL,
   hash TEXT NOT NULL,
   created INTEGER NOT NULL
);
CREATE TABLE sessions (
   token TEXT PRIMARY KEY,
   user_key TEXT NOT NULL,
   expires INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_key);
