-- The lobby: games' players, rated flag, result and names; open seeks; and each player's
-- rating in each game.
ALTER TABLE games ADD COLUMN white_user TEXT;
ALTER TABLE games ADD COLUMN black_user TEXT;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN result TEXT;
ALTER TABLE games ADD COLUMN reason TEXT;
ALTER TABLE games ADD COLUMN ended INTEGER;
ALTER TABLE games ADD COLUMN white_name TEXT;
ALTER TABLE games ADD COLUMN black_name TEXT;
CREATE INDEX games_by_white ON games (white_user, ended);
CREATE INDEX games_by_black ON games (black_user, ended);
CREATE TABLE seeks (
   id TEXT PRIMARY KEY,
   header TEXT NOT NULL,
   clock TEXT,
   rated INTEGER NOT NULL,
   side TEXT NOT NULL,
   min_rating INTEGER,
   max_rating INTEGER,
   user_key TEXT,
   name TEXT NOT NULL,
   token TEXT NOT NULL,
   quick INTEGER NOT NULL,
   created INTEGER NOT NULL,
   seen INTEGER NOT NULL,
   game TEXT
);
CREATE INDEX seeks_open ON seeks (seen) WHERE game IS NULL;
CREATE TABLE ratings (
   user_key TEXT NOT NULL REFERENCES users(key) ON DELETE CASCADE,
   game TEXT NOT NULL,
   rating REAL NOT NULL,
   deviation REAL NOT NULL,
   volatility REAL NOT NULL,
   games INTEGER NOT NULL,
   PRIMARY KEY (user_key, game)
);
