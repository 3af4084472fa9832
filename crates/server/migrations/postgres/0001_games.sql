-- Games, with their seats and join codes, and their numbered events.
CREATE TABLE games (
   id TEXT PRIMARY KEY,
   header TEXT NOT NULL,
   suggestions BOOLEAN NOT NULL,
   white TEXT,
   black TEXT,
   code TEXT UNIQUE,
   code_expires BIGINT
);
CREATE TABLE events (
   game TEXT NOT NULL REFERENCES games(id),
   v BIGINT NOT NULL,
   body TEXT NOT NULL,
   PRIMARY KEY (game, v)
);
