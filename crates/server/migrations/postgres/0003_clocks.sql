-- A game's time control.
ALTER TABLE games ADD COLUMN clock TEXT;
