-- Issue 20: changing one's own e-mail address mails the old address a single-use link that undoes it.
ALTER TABLE auth_tokens DROP CONSTRAINT IF EXISTS auth_tokens_purpose_check;
ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check
  CHECK (purpose IN ('password_reset', 'registration', 'invitation', 'email_undo'));
