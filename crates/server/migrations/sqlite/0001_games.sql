-- Games, with their seats and join codes, and their numbered events.
CREATE TABLE IF NOT EXISTS games (
   id TEXT PRIMARY KEY,
   header TEXT NOT NULL,
   suggestions INTEGER NOT NULL,
   white TEXT,
   black TEXT,
   code TEXT UNIQUE,
   code_expires INTEGER
);
CREATE TABLE IF NOT EXISTS events (
   game TEXT NOT NULL REFERENCES games(id),
   v INTEGER NOT NULL,
   body TEXT NOT NULL,
   PRIMARY KEY (game, v)
);
