-- Read replicas (issue 26, docs/read-replicas.md "Read-your-writes"): the WAL position (pg_lsn as a
-- number of bytes) after the session's last write request, set on the primary right after that
-- request's commit. Every server process reads it before it serves the session from a standby, so a
-- read reaching another process than the write did still waits for the standby to replay the write.
-- No trigger fires on it (009_session_cache.sql notifies only for expiry, two-step and user changes).
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS write_lsn bigint;
