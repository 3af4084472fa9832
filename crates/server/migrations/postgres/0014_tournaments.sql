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
   rated BOOLEAN NOT NULL,
   minutes BIGINT,
   rounds BIGINT,
   starts BIGINT NOT NULL,
   ends BIGINT,
   status TEXT NOT NULL,
   password TEXT,
   min_rated_games BIGINT,
   rating_low BIGINT,
   rating_high BIGINT,
   max_players BIGINT,
   creator TEXT,
   schedule_key TEXT UNIQUE,
   director TEXT,
   lease_until BIGINT NOT NULL DEFAULT 0,
   version BIGINT NOT NULL DEFAULT 0,
   created BIGINT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts);
CREATE INDEX tournaments_by_creator ON tournaments (creator, created);
CREATE TABLE tournament_players (
   tournament TEXT NOT NULL REFERENCES tournaments(id),
   seq BIGINT NOT NULL,
   user_key TEXT NOT NULL,
   token TEXT NOT NULL,
   rating BIGINT NOT NULL,
   paused BOOLEAN NOT NULL DEFAULT FALSE,
   withdrawn BOOLEAN NOT NULL DEFAULT FALSE,
   joined BIGINT NOT NULL,
   PRIMARY KEY (tournament, user_key),
   UNIQUE (tournament, seq)
);
CREATE INDEX tournament_players_by_user ON tournament_players (user_key);
CREATE TABLE tournament_games (
   tournament TEXT NOT NULL REFERENCES tournaments(id),
   round BIGINT NOT NULL,
   white BIGINT NOT NULL,
   black BIGINT,
   game TEXT,
   ending TEXT,
   plies BIGINT NOT NULL DEFAULT 0,
   berserk_white BOOLEAN NOT NULL DEFAULT FALSE,
   berserk_black BOOLEAN NOT NULL DEFAULT FALSE,
   started BIGINT NOT NULL,
   PRIMARY KEY (tournament, round, white),
   UNIQUE (tournament, round, black)
);
CREATE INDEX tournament_games_by_game ON tournament_games (game);
CREATE INDEX tournament_games_in_play ON tournament_games (tournament) WHERE ending IS NULL;
CREATE TABLE tournament_chat (
   id BIGSERIAL PRIMARY KEY,
   tournament TEXT NOT NULL REFERENCES tournaments(id),
   at BIGINT NOT NULL,
   user_key TEXT NOT NULL,
   line TEXT NOT NULL
);
CREATE INDEX tournament_chat_of ON tournament_chat (tournament, id);
CREATE INDEX tournament_chat_by_age ON tournament_chat (at);
