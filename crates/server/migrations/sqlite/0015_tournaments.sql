-- Tournaments: each one's settings, who directs it and until when, and a version that grows
-- with every change; its players in joining order; and its games (a Swiss bye is a game with
-- no black and no game id). A game's round is the Swiss round, or the arena's pairing wave.
-- And each tournament's chat.
CREATE TABLE tournaments (
   id TEXT PRIMARY KEY,
   kind TEXT NOT NULL,
   name TEXT NOT NULL,
   header TEXT NOT NULL,
   clock TEXT NOT NULL,
   rated INTEGER NOT NULL,
   minutes INTEGER,
   rounds INTEGER,
   starts INTEGER NOT NULL,
   ends INTEGER,
   status TEXT NOT NULL,
   password TEXT,
   min_rated_games INTEGER,
   rating_low INTEGER,
   rating_high INTEGER,
   max_players INTEGER,
   creator TEXT,
   schedule_key TEXT UNIQUE,
   director TEXT,
   lease_until INTEGER NOT NULL DEFAULT 0,
   version INTEGER NOT NULL DEFAULT 0,
   created INTEGER NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts);
CREATE INDEX tournaments_by_creator ON tournaments (creator, created);
CREATE TABLE tournament_players (
   tournament TEXT NOT NULL REFERENCES tournaments(id),
   seq INTEGER NOT NULL,
   user_key TEXT NOT NULL,
   token TEXT NOT NULL,
   rating INTEGER NOT NULL,
   paused INTEGER NOT NULL DEFAULT 0,
   withdrawn INTEGER NOT NULL DEFAULT 0,
   joined INTEGER NOT NULL,
   PRIMARY KEY (tournament, user_key),
   UNIQUE (tournament, seq)
);
CREATE INDEX tournament_players_by_user ON tournament_players (user_key);
CREATE TABLE tournament_games (
   tournament TEXT NOT NULL REFERENCES tournaments(id),
   round INTEGER NOT NULL,
   white INTEGER NOT NULL,
   black INTEGER,
   game TEXT,
   ending TEXT,
   plies INTEGER NOT NULL DEFAULT 0,
   berserk_white INTEGER NOT NULL DEFAULT 0,
   berserk_black INTEGER NOT NULL DEFAULT 0,
   started INTEGER NOT NULL,
   PRIMARY KEY (tournament, round, white),
   UNIQUE (tournament, round, black)
);
CREATE INDEX tournament_games_by_game ON tournament_games (game);
CREATE INDEX tournament_games_in_play ON tournament_games (tournament) WHERE ending IS NULL;
CREATE TABLE tournament_chat (
   id INTEGER PRIMARY KEY,
   tournament TEXT NOT NULL REFERENCES tournaments(id),
   at INTEGER NOT NULL,
   user_key TEXT NOT NULL,
   line TEXT NOT NULL
);
CREATE INDEX tournament_chat_of ON tournament_chat (tournament, id);
CREATE INDEX tournament_chat_by_age ON tournament_chat (at);
