-- Each rated game's end as fair play reads it: who won and lost, in how many plies, and how
-- often each side played perfectly where the endgame tables judge it; and the flags raised
-- for moderators (never acted on by themselves).
CREATE TABLE rated_ends (
   game_id TEXT PRIMARY KEY,
   game TEXT NOT NULL,
   white_user TEXT NOT NULL,
   black_user TEXT NOT NULL,
   result TEXT NOT NULL,
   plies INTEGER NOT NULL,
   ended INTEGER NOT NULL,
   white_decisive INTEGER NOT NULL,
   white_perfect INTEGER NOT NULL,
   black_decisive INTEGER NOT NULL,
   black_perfect INTEGER NOT NULL
);
CREATE INDEX rated_ends_by_white ON rated_ends (white_user, ended);
CREATE INDEX rated_ends_by_black ON rated_ends (black_user, ended);
CREATE TABLE flags (
   id TEXT PRIMARY KEY,
   kind TEXT NOT NULL,
   player TEXT NOT NULL,
   other TEXT,
   detail TEXT NOT NULL,
   created INTEGER NOT NULL,
   handled INTEGER
);
CREATE INDEX flags_open ON flags (handled, created);
