-- Two request roles instead of one policy with two branches (docs/privacy.md, "Database-enforced tenancy"). A policy
-- `every school OR id_school = ANY (scope)` cannot serve as an index condition: PostgreSQL tested it on every row a
-- list read (the waiting list's 20,000 rows: +20% at 100,000 applications). Now a request scoped to schools runs as
-- openseat_app, whose policy is `id_school = ANY (scope)` alone, which the planner folds into the index condition;
-- a request that may reach every school (a system user; a public route before its token proves a tenant) runs as
-- openseat_app_every_school, whose policy lets every row through. Neither owns a table nor has BYPASSRLS: a table
-- without these policies, or a session with neither role, reads nothing.
-- Idempotent, and a no-op when everything is in place (migrateDatabase calls it at every start, after the
-- migrations): it creates or alters only what lacks it, since ALTER takes an exclusive lock that a start must not
-- take on tables other processes serve from. The policy of migration 0049 is altered once into the new one.
CREATE OR REPLACE FUNCTION openseat_protect_tenant_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  item record;
  request_role text;
  request_roles constant text[] := ARRAY['openseat_app', 'openseat_app_every_school'];
  scoped_role oid;
  in_scope constant text := 'id_school = ANY ((SELECT openseat_schools())::integer[])';
BEGIN
  FOREACH request_role IN ARRAY request_roles LOOP
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = request_role) THEN
      BEGIN
        EXECUTE format('CREATE ROLE %I NOLOGIN NOBYPASSRLS', request_role);
      EXCEPTION
        WHEN duplicate_object OR unique_violation THEN
          NULL; -- another database of the server, or another process at the same moment, created it
        WHEN insufficient_privilege THEN
          NULL; -- told below: the tables are still protected (the owner only reads them)
      END;
    END IF;
  END LOOP;
  IF (SELECT count(*) FROM pg_roles WHERE rolname = ANY (request_roles)) < 2 THEN
    RAISE NOTICE 'openseat: % may not create the roles %: row-level security cannot be turned on',
      current_user, request_roles;
  END IF;
  SELECT oid INTO scoped_role FROM pg_roles WHERE rolname = 'openseat_app';

  FOR item IN
    SELECT c.relname AS table_name, c.relrowsecurity AS protected,
           (SELECT p.polroles FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_scope') AS scope_roles,
           EXISTS (SELECT FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'every_school') AS has_every_school
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'id_school' AND a.attnotnull AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind = 'r'
       -- the tenant itself, and a user's schools (read before the scope is known: which school may they enter)
       AND c.relname NOT IN ('school', 'user_school')
  LOOP
    IF scoped_role IS NOT NULL AND item.scope_roles IS NULL THEN
      EXECUTE format('CREATE POLICY tenant_scope ON %1$I TO openseat_app USING (%2$s) WITH CHECK (%2$s)',
                     item.table_name, in_scope);
    ELSIF scoped_role IS NOT NULL AND item.scope_roles <> ARRAY[scoped_role] THEN
      EXECUTE format('ALTER POLICY tenant_scope ON %1$I TO openseat_app USING (%2$s) WITH CHECK (%2$s)',
                     item.table_name, in_scope);
    END IF;
    IF NOT item.has_every_school AND EXISTS (SELECT FROM pg_roles WHERE rolname = 'openseat_app_every_school') THEN
      EXECUTE format('CREATE POLICY every_school ON %I TO openseat_app_every_school USING (true) WITH CHECK (true)',
                     item.table_name);
    END IF;
    IF NOT item.protected THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', item.table_name);
    END IF;
  END LOOP;

  FOREACH request_role IN ARRAY request_roles LOOP
    CONTINUE WHEN NOT EXISTS (SELECT FROM pg_roles WHERE rolname = request_role);
    IF NOT pg_has_role(current_user, request_role, 'MEMBER') THEN
      EXECUTE format('GRANT %I TO %I', request_role, current_user);
    END IF;
    FOR item IN SELECT nspname FROM pg_namespace WHERE nspname IN ('public', 'pgboss')
                   AND NOT has_schema_privilege(request_role, oid, 'USAGE') LOOP
      EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', item.nspname, request_role);
    END LOOP;
    FOR item IN
      SELECT n.nspname, c.relname, c.relkind
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname IN ('public', 'pgboss')
         -- a list of privileges asks whether any is held: each is asked alone
         AND (c.relkind IN ('r', 'p') AND NOT (has_table_privilege(request_role, c.oid, 'SELECT')
                                               AND has_table_privilege(request_role, c.oid, 'INSERT')
                                               AND has_table_privilege(request_role, c.oid, 'UPDATE')
                                               AND has_table_privilege(request_role, c.oid, 'DELETE'))
              OR c.relkind = 'v' AND NOT has_table_privilege(request_role, c.oid, 'SELECT')
              OR c.relkind = 'S' AND NOT (has_sequence_privilege(request_role, c.oid, 'USAGE')
                                          AND has_sequence_privilege(request_role, c.oid, 'SELECT')
                                          AND has_sequence_privilege(request_role, c.oid, 'UPDATE')))
    LOOP
      IF item.relkind = 'S' THEN
        EXECUTE format('GRANT USAGE, SELECT, UPDATE ON SEQUENCE %I.%I TO %I', item.nspname, item.relname, request_role);
      ELSIF item.relkind = 'v' THEN
        EXECUTE format('GRANT SELECT ON %I.%I TO %I', item.nspname, item.relname, request_role);
      ELSE
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I.%I TO %I', item.nspname, item.relname,
                       request_role);
      END IF;
    END LOOP;
  END LOOP;
END $$;
