-- Citus-ready keys (issue 26, docs/scaling.md): every primary key, unique key and unique index of a table
-- distributed by company_id includes company_id, and every foreign key between those tables pairs the
-- child's company_id with the parent's. Data stays in place: only constraints and indexes change.
--
-- * company_id is appended at the end: PRIMARY KEY (id) becomes (id, company_id), UNIQUE (uuid) becomes
--   (uuid, company_id). Citus only needs the distribution column inside the key; keeping the old leading
--   column means every lookup by id or uuid alone still uses the same index, and ON CONFLICT inference
--   matches keys by column set, so (company_id, uuid) and (uuid, company_id) are the same arbiter.
-- * Ids stay globally unique anyway (one identity sequence per table), uuids are random and session ids,
--   token hashes and sync flow ids are hashes of random tokens: the composite keys give up no uniqueness the
--   API relies on.
-- * A foreign key that pointed at a replaced single-column key, e.g. participants.coach_id → users(id),
--   becomes (company_id, coach_id) → users(company_id, id), which the composite primary key serves.
-- * Not touched, and listed with the reason in server/db/citus-keys.test.ts: the reference tables
--   (companies, acl_roles), the tables whose company_id may be NULL (audit_log, auth_tokens, email_outbox:
--   platform rows) and users' case-insensitive unique username (sign-in names are global).
DO $$
DECLARE
  skip_tables text[] := ARRAY['companies', 'acl_roles', 'audit_log', 'auth_tokens', 'email_outbox'];
  keep_indexes text[] := ARRAY['users_username'];
  k record;
  f record;
  cols text;
  pcols text;
BEGIN
  -- The unique indexes of tables with a NOT NULL company_id that lack it.
  CREATE TEMP TABLE citus_keys ON COMMIT DROP AS
    SELECT x.indexrelid, x.indrelid, t.relname AS tbl, i.relname AS idx, con.conname, con.contype,
           (SELECT string_agg(pg_get_indexdef(x.indexrelid, n, true), ', ' ORDER BY n)
              FROM generate_series(1, x.indnkeyatts) n) AS cols,
           pg_get_expr(x.indpred, x.indrelid, true) AS pred
      FROM pg_index x
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_attribute c ON c.attrelid = t.oid AND c.attname = 'company_id' AND NOT c.attisdropped AND c.attnotnull
      LEFT JOIN pg_constraint con ON con.conindid = x.indexrelid AND con.conrelid = t.oid AND con.contype IN ('p', 'u')
     WHERE x.indisunique AND t.relnamespace = current_schema()::regnamespace
       AND NOT (c.attnum = ANY (x.indkey))
       AND t.relname <> ALL (skip_tables) AND i.relname <> ALL (keep_indexes);

  -- The foreign keys that depend on those indexes: dropped now, recreated below.
  CREATE TEMP TABLE citus_fks ON COMMIT DROP AS
    SELECT c.conname, c.conrelid, c.confrelid, c.confdeltype, c.confupdtype,
           ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY u(n, o)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = u.n ORDER BY u.o) AS cols,
           ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY u(n, o)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = u.n ORDER BY u.o) AS pcols,
           EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attname = 'company_id' AND NOT a.attisdropped) AS child_has_company
      FROM pg_constraint c
     WHERE c.contype = 'f' AND c.conindid IN (SELECT indexrelid FROM citus_keys);
  FOR f IN SELECT * FROM citus_fks LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', f.conrelid::regclass, f.conname);
  END LOOP;

  FOR k IN SELECT * FROM citus_keys ORDER BY tbl, idx LOOP
    IF k.contype = 'p' THEN
      EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I, ADD CONSTRAINT %I PRIMARY KEY (%s, company_id)', k.tbl, k.conname, k.conname, k.cols);
    ELSIF k.contype = 'u' THEN
      EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I, ADD CONSTRAINT %I UNIQUE (%s, company_id)', k.tbl, k.conname, k.conname, k.cols);
    ELSE
      EXECUTE format('DROP INDEX %I', k.idx);
      EXECUTE format('CREATE UNIQUE INDEX %I ON %I (%s, company_id)%s', k.idx, k.tbl, k.cols,
                     CASE WHEN k.pred IS NULL THEN '' ELSE ' WHERE ' || k.pred END);
    END IF;
  END LOOP;

  FOR f IN SELECT * FROM citus_fks LOOP
    IF NOT f.child_has_company THEN
      RAISE EXCEPTION 'foreign key % of % points into a tenant table from a table without company_id', f.conname, f.conrelid::regclass;
    END IF;
    IF 'company_id' = ANY (f.cols) THEN
      cols := array_to_string(f.cols, ', ');
      pcols := array_to_string(f.pcols, ', ');
    ELSE
      cols := 'company_id, ' || array_to_string(f.cols, ', ');
      pcols := 'company_id, ' || array_to_string(f.pcols, ', ');
    END IF;
    IF f.confdeltype NOT IN ('a', 'c') OR f.confupdtype <> 'a' THEN
      RAISE EXCEPTION 'foreign key % of % has an action this migration does not rewrite', f.conname, f.conrelid::regclass;
    END IF;
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I FOREIGN KEY (%s) REFERENCES %s (%s)%s',
                   f.conrelid::regclass, f.conname, cols, f.confrelid::regclass, pcols,
                   CASE f.confdeltype WHEN 'c' THEN ' ON DELETE CASCADE' ELSE '' END);
  END LOOP;
END
$$;
