-- The lobby: games' players, rated flag, result and names; open seeks; and each player's
-- rating in each game.
ALTER TABLE games
   ADD COLUMN white_user TEXT,
   ADD COLUMN black_user TEXT,
   ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false,
   ADD COLUMN result TEXT,
   ADD COLUMN reason TEXT,
   ADD COLUMN ended BIGINT,
   ADD COLUMN white_name TEXT,
   ADD COLUMN black_name TEXT;
CREATE INDEX games_by_white ON games (white_user, ended);
CREATE INDEX games_by_black ON games (black_user, ended);
CREATE TABLE seeks (
   id TEXT PRIMARY KEY,
   header TEXT NOT NULL,
   clock TEXT,
   rated BOOLEAN NOT NULL,
   side TEXT NOT NULL,
   min_rating INTEGER,
   max_rating INTEGER,
   user_key TEXT,
   name TEXT NOT NULL,
   token TEXT NOT NULL,
   quick BOOLEAN NOT NULL,
   created BIGINT NOT NULL,
   seen BIGINT NOT NULL,
   game TEXT
);
CREATE INDEX seeks_open ON seeks (seen) WHERE game IS NULL;
CREATE TABLE ratings (
   user_key TEXT NOT NULL REFERENCES users(key) ON DELETE CASCADE,
   game TEXT NOT NULL,
   rating DOUBLE PRECISION NOT NULL,
   deviation DOUBLE PRECISION NOT NULL,
   volatility DOUBLE PRECISION NOT NULL,
   games INTEGER NOT NULL,
   PRIMARY KEY (user_key, game)
);
