-- Rated games each player abandoned, and where each seek came from (network and browser,
-- hashed).
CREATE TABLE abandons (
   user_key TEXT NOT NULL REFERENCES users(key) ON DELETE CASCADE,
   game TEXT NOT NULL,
   at BIGINT NOT NULL,
   PRIMARY KEY (user_key, game)
);
ALTER TABLE seeks ADD COLUMN origin TEXT;
ALTER TABLE seeks ADD COLUMN device TEXT;
