-- The unread count (issue 9: the badge asks for it about once a second per signed-in user) counts
-- a recipient's unread messages of their company. With company_id in the partial index the count
-- is an index-only scan; the old indexes (002_domain.sql) sent it to the table for every unread
-- message (a bitmap heap scan over hundreds of pages for a coach with 1,800 unread).
DROP INDEX IF EXISTS messages_unread_user;
DROP INDEX IF EXISTS messages_unread_participant;
CREATE INDEX messages_unread_user ON messages (recipient_user_id, company_id) WHERE NOT read AND display AND deleted_at IS NULL;
CREATE INDEX messages_unread_participant ON messages (recipient_participant_id, company_id) WHERE NOT read AND display AND deleted_at IS NULL;
