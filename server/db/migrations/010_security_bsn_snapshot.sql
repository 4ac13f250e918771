-- Issue 20: a measurement refers to its participant and keeps no copy of the BSN. Removes the copies
-- stored in the participant snapshots (the triggers bump the revision, so every replica pulls the
-- cleaned snapshot).
UPDATE wage_value_measurements SET participant_snapshot = participant_snapshot - 'bsn'
  WHERE participant_snapshot ? 'bsn';
