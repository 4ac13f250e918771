-- Session cache (issue 9, server/auth/session-cache.ts): each server process keeps the signed-in
-- session with its user and company in memory, so a request with a known token reads no table.
-- These triggers tell every process (NOTIFY on 'werkpad_sessions', LISTENed by the cache) when
-- something a cached entry holds changed. 006_sync_pull.sql already notifies the session id when a
-- session is revoked or deleted. Payloads here:
--   <session id>  a session's expiry was shortened, or its two-step state or user changed;
--   u:<user id>   the user row changed (blocked, deleted, role, two-step, password), or its
--                 participant link did;
--   c:<company id> the company's settings changed (forceMfa);
--   *             a role changed (the effective role of every user may change).
-- Updates that only move a session forward (last_seen_at, a later expires_at) notify nothing.

CREATE FUNCTION session_cache_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('werkpad_sessions', NEW.id::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER session_cache_session AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (NEW.expires_at < OLD.expires_at OR NEW.max_expires_at < OLD.max_expires_at
        OR NEW.mfa_validated IS DISTINCT FROM OLD.mfa_validated OR NEW.user_id IS DISTINCT FROM OLD.user_id
        OR NEW.company_id IS DISTINCT FROM OLD.company_id)
  EXECUTE FUNCTION session_cache_session_changed();

CREATE FUNCTION session_cache_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('werkpad_sessions', 'u:' || OLD.id::text);
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.user_id IS NOT NULL THEN PERFORM pg_notify('werkpad_sessions', 'u:' || NEW.user_id::text); END IF;
  ELSE
    IF OLD.user_id IS NOT NULL THEN PERFORM pg_notify('werkpad_sessions', 'u:' || OLD.user_id::text); END IF;
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('werkpad_sessions', 'u:' || NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER session_cache_user AFTER UPDATE ON users FOR EACH ROW
  WHEN (NEW.display IS DISTINCT FROM OLD.display OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at
        OR NEW.acl_role_id IS DISTINCT FROM OLD.acl_role_id OR NEW.company_id IS DISTINCT FROM OLD.company_id
        OR NEW.project_id IS DISTINCT FROM OLD.project_id
        OR NEW.access_to_all_participants IS DISTINCT FROM OLD.access_to_all_participants
        OR NEW.mfa_active IS DISTINCT FROM OLD.mfa_active OR NEW.mfa_setup IS DISTINCT FROM OLD.mfa_setup
        OR NEW.password_validated IS DISTINCT FROM OLD.password_validated
        OR NEW.password_hash IS DISTINCT FROM OLD.password_hash)
  EXECUTE FUNCTION session_cache_user_changed();
CREATE TRIGGER session_cache_user_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION session_cache_user_changed();
CREATE TRIGGER session_cache_participant AFTER INSERT OR DELETE OR UPDATE OF user_id, deleted_at ON participants
  FOR EACH ROW EXECUTE FUNCTION session_cache_user_changed();

CREATE FUNCTION session_cache_company_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('werkpad_sessions', 'c:' || NEW.id::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER session_cache_company AFTER UPDATE OF settings ON companies FOR EACH ROW
  WHEN (NEW.settings IS DISTINCT FROM OLD.settings)
  EXECUTE FUNCTION session_cache_company_changed();

CREATE FUNCTION session_cache_roles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('werkpad_sessions', '*');
  RETURN NULL;
END;
$$;
CREATE TRIGGER session_cache_roles AFTER UPDATE OR DELETE ON acl_roles FOR EACH STATEMENT
  EXECUTE FUNCTION session_cache_roles_changed();
