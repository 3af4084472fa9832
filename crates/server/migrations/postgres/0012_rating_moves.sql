-- How each rated game moved each player's rating, exactly, so that a cheater's opponents can
-- be given back what they lost to them (refunded: when that was done).
CREATE TABLE rating_moves (
   game_id TEXT NOT NULL,
   user_key TEXT NOT NULL,
   opponent TEXT NOT NULL,
   game TEXT NOT NULL,
   rating_before DOUBLE PRECISION NOT NULL,
   rating_after DOUBLE PRECISION NOT NULL,
   refunded BIGINT,
   PRIMARY KEY (game_id, user_key)
);
CREATE INDEX rating_moves_by_opponent ON rating_moves (opponent);
