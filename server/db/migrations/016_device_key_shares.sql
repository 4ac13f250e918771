-- Issue 36: the device key share. One random 32-byte share per (browser profile, user): the device keeps the user's
-- data key wrapped by it, so a reload or restart online with a live session opens the encrypted replica without
-- asking for the password (docs/decisions-offline-unlock.md, "The key hierarchy"). The server hands it only to that
-- device's live, unlocked session of the user themself; alone it opens nothing (the wrapped key is on the device
-- only). Stored sealed with the installation's secret box (server/auth/secret-box.ts), so a database dump alone does
-- not hold the shares. Deleted when the device is revoked (deleteKeyShares) or the user goes.
CREATE TABLE device_key_shares (
  company_id bigint NOT NULL REFERENCES companies(id),
  device_id uuid NOT NULL,
  user_id bigint NOT NULL,
  share text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_handed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, user_id, company_id),
  FOREIGN KEY (company_id, user_id) REFERENCES users(company_id, id) ON DELETE CASCADE
);
CREATE INDEX device_key_shares_user ON device_key_shares(user_id, company_id);
