-- Challenges: a seek meant for one player (its target's key), and the reason it was
-- declined, if it was. Bots: accounts that play by program, marked as such wherever their
-- name is shown; pools a bot may take a place in; the lease of the process that plays for
-- the house bots. Follows.
ALTER TABLE seeks
   ADD COLUMN target TEXT,
   ADD COLUMN declined TEXT;
CREATE INDEX seeks_by_target ON seeks (target) WHERE target IS NOT NULL;
ALTER TABLE users ADD COLUMN bot BOOLEAN NOT NULL DEFAULT false;
-- A quick pairing's seeker may be paired with a bot.
ALTER TABLE seeks ADD COLUMN bots BOOLEAN NOT NULL DEFAULT false;
-- Work one process does for all (the house bots): who holds it, until when.
CREATE TABLE leases (
   name TEXT PRIMARY KEY,
   holder TEXT NOT NULL,
   until BIGINT NOT NULL
);
-- Players following others, and when each account was last seen on a page of the site.
CREATE TABLE follows (
   follower TEXT NOT NULL,
   followed TEXT NOT NULL,
   since BIGINT NOT NULL,
   PRIMARY KEY (follower, followed)
);
CREATE INDEX follows_by_followed ON follows (followed);
ALTER TABLE users ADD COLUMN seen BIGINT;
