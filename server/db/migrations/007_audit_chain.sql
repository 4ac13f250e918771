-- Audit log for NEN 7513 / BIO 8.15 (issue 10): the whole on-behalf-of chain (real user first, the
-- effective user last), the result of the action, and indexes for the administrators' log screen.
ALTER TABLE audit_log ADD COLUMN chain jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE audit_log ADD COLUMN result text NOT NULL DEFAULT 'success';
CREATE INDEX audit_log_company_action ON audit_log(company_id, action, created_at);
CREATE INDEX audit_log_subject ON audit_log(company_id, subject_type, subject_id, created_at);
