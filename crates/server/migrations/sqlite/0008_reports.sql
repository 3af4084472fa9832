-- The chat of each game as it was said (for reports), and the reports players make.
CREATE TABLE chat_lines (
   id INTEGER PRIMARY KEY AUTOINCREMENT,
   game TEXT NOT NULL,
   at INTEGER NOT NULL,
   side TEXT NOT NULL,
   line TEXT NOT NULL
);
CREATE INDEX chat_lines_by_game ON chat_lines (game, id);
CREATE TABLE reports (
   id TEXT PRIMARY KEY,
   reporter TEXT NOT NULL REFERENCES users(key) ON DELETE CASCADE,
   reported TEXT NOT NULL,
   reason TEXT NOT NULL,
   note TEXT NOT NULL,
   game TEXT,
   chat TEXT NOT NULL,
   created INTEGER NOT NULL,
   handled INTEGER
);
CREATE INDEX reports_by_reporter ON reports (reporter, created);
CREATE INDEX reports_open ON reports (handled, created);
