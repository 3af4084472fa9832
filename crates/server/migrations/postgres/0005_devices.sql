-- The browsers each account signed in from (a device token hash), gone with the account.
CREATE TABLE devices (
   token TEXT NOT NULL,
   user_key TEXT NOT NULL REFERENCES users(key) ON DELETE CASCADE,
   expires BIGINT NOT NULL,
   PRIMARY KEY (token, user_key)
);
CREATE INDEX devices_by_user ON devices (user_key);
