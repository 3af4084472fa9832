-- When each player last read what the site had to tell them (a report of theirs handled, a
-- moderator's warning): what came after is told again.
CREATE TABLE notices_read (
   user_key TEXT PRIMARY KEY REFERENCES users(key) ON DELETE CASCADE,
   read BIGINT NOT NULL
);
