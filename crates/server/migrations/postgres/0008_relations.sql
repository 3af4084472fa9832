-- The players each player has muted or blocked.
CREATE TABLE relations (
   owner TEXT NOT NULL REFERENCES users(key) ON DELETE CASCADE,
   other TEXT NOT NULL,
   kind TEXT NOT NULL,
   created BIGINT NOT NULL,
   PRIMARY KEY (owner, other, kind)
);
CREATE INDEX relations_by_other ON relations (other, kind);
