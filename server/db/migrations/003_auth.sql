-- Server-side sessions: the access token is random; only its SHA-256 is stored.
CREATE TABLE sessions (
  id text PRIMARY KEY, -- sha256(token), hex
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  company_id bigint NOT NULL REFERENCES companies(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  mfa_validated boolean NOT NULL DEFAULT false,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user ON sessions(user_id) WHERE revoked_at IS NULL;
