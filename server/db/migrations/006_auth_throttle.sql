-- Failure counters (issue 10): only failures are counted, never an attempt that is still running or a
-- right password. Scopes: 'pair' (account + address), 'account', 'address' (sign-in), 'mfa' (wrong
-- two-step codes per user), 'registration' and 'reset' (per address). Delays grow with the failures
-- (server/auth/throttle.ts); locked_until is used by the two-step lock only.
CREATE TABLE auth_failures (
  scope text NOT NULL,
  key text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  first_failure_at timestamptz NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX auth_failures_last ON auth_failures(last_failure_at);

-- Addresses an account signed in from successfully: account-wide delays (an attack from elsewhere)
-- do not reach them, so nobody can keep a user out from their own office.
CREATE TABLE auth_known_addresses (
  account text NOT NULL,
  address text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (account, address)
);
