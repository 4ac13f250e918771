-- Participant portal (issue 14): one open application per participant and workplace, and the
-- lookups the portal's documents and pictures use.
CREATE UNIQUE INDEX IF NOT EXISTS workplace_applications_open
  ON workplace_applications(participant_id, workplace_id)
  WHERE deleted_at IS NULL AND status IN ('submitted', 'accepted');
CREATE INDEX IF NOT EXISTS files_participant_kind ON files(participant_id, kind, created_at) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS files_user_kind ON files(user_id, kind) WHERE deleted_at IS NULL;
