-- Issue 22: a widget names its dashboard by uuid too, so a widget added offline to a dashboard that was
-- itself made offline (no server id yet) finds its dashboard in the replica before and after the pull.
ALTER TABLE widgets ADD COLUMN dashboard_uuid uuid;
UPDATE widgets w SET dashboard_uuid = d.uuid FROM dashboards d WHERE d.id = w.dashboard_id;
CREATE FUNCTION widgets_dashboard_uuid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.dashboard_uuid := (SELECT uuid FROM dashboards WHERE id = NEW.dashboard_id);
  RETURN NEW;
END;
$$;
CREATE TRIGGER widgets_dashboard_uuid BEFORE INSERT OR UPDATE OF dashboard_id ON widgets FOR EACH ROW EXECUTE FUNCTION widgets_dashboard_uuid();
ALTER TABLE widgets ALTER COLUMN dashboard_uuid SET NOT NULL;
-- Datasets of login counts read the audit log's successful sign-ins by company and time.
CREATE INDEX IF NOT EXISTS participants_company_registered ON participants(company_id, time_registered);
