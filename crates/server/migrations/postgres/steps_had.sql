-- The record of the steps this database has had: one row a step, made before any step runs.
CREATE TABLE IF NOT EXISTS schema_migrations (
   step INTEGER PRIMARY KEY
);
