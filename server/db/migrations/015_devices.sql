-- Devices, screen locks that only the user lifts, revocation (issue 36; docs/decisions-offline-unlock.md).
-- A session is locked (inactivity or an explicit lock on the device): every request of it but the unlock
-- (a new password sign-in) and sign-out answers 401 session_locked. The device the session was used on is
-- noted with it, so revoking a device ends its sessions.
ALTER TABLE sessions ADD COLUMN locked_at timestamptz;
ALTER TABLE sessions ADD COLUMN device_id uuid;
CREATE INDEX sessions_device ON sessions(device_id) WHERE revoked_at IS NULL AND device_id IS NOT NULL;

-- A lock must reach every process's session cache at once (009_session_cache.sql).
CREATE TRIGGER session_cache_session_locked AFTER UPDATE OF locked_at ON sessions FOR EACH ROW
  WHEN (NEW.locked_at IS DISTINCT FROM OLD.locked_at)
  EXECUTE FUNCTION session_cache_session_changed();

-- Each browser profile that signs in (its random id, the x-werkpad-device header), per organisation.
CREATE TABLE devices (
  id uuid NOT NULL,
  company_id bigint NOT NULL REFERENCES companies(id),
  user_id bigint NOT NULL, -- the user who last used it
  user_agent text NOT NULL DEFAULT '',
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  unsent_count integer,
  unsent_reported_at timestamptz,
  revoked_at timestamptz,
  revoked_by bigint, -- the user who revoked it (the device's user or an administrator of the company)
  refused_at timestamptz, -- the first request the server refused with device_revoked (the wipe ordered)
  wiped_at timestamptz, -- the device reported its wipe done
  PRIMARY KEY (company_id, id),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id) ON DELETE CASCADE
);
CREATE INDEX devices_id ON devices(id);
CREATE INDEX devices_company_seen ON devices(company_id, last_seen_at DESC);
