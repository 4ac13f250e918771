-- Declared writes (docs/writes.md):
--   sync_probes.title: a second editable field of the self-test document, so the fault-injection
--                      test and the browser test can show that edits of different fields merge.
ALTER TABLE sync_probes ADD COLUMN title text NOT NULL DEFAULT '';
