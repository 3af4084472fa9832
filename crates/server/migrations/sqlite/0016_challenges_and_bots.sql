-- Challenges: a seek meant for one player (its target's key), and the reason it was
-- declined, if it was. Bots: accounts that play by program, marked as such wherever their
-- name is shown.
ALTER TABLE seeks ADD COLUMN target TEXT;
ALTER TABLE seeks ADD COLUMN declined TEXT;
CREATE INDEX seeks_by_target ON seeks (target) WHERE target IS NOT NULL;
ALTER TABLE users ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
