-- Replication pull hygiene (issue 8, docs/decisions-sync.md "Signed checkpoints"):
--   sync_keys:        per company, the key the server signs pull checkpoints with (HMAC-SHA256), the
--                     database epoch the checkpoints carry, and the tombstone horizon: deleted rows up to
--                     this change_seq may have been purged, so a checkpoint below it answers `reset`.
--                     The row is created by the server on first use (server/sync/checkpoint.ts) with
--                     a key from the operating system's random source.
--   sessions_revoked: notifies 'werkpad_sessions' with the session id when a session is revoked or
--                     deleted, so the live stream of that session closes at once.

CREATE TABLE sync_keys (
  company_id bigint PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  epoch text NOT NULL,
  hmac_key text NOT NULL,
  tombstone_horizon bigint NOT NULL DEFAULT 0,
  purged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION sessions_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('werkpad_sessions', OLD.id::text);
  ELSIF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
    PERFORM pg_notify('werkpad_sessions', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
-- Only updates that name revoked_at fire it (touching last_seen_at on every request does not).
CREATE TRIGGER sessions_revoked AFTER UPDATE OF revoked_at ON sessions FOR EACH ROW
  WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL) EXECUTE FUNCTION sessions_revoked();
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_revoked();
