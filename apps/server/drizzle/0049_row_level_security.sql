-- Database-enforced tenancy (docs/privacy.md): requests on a PostgreSQL server run as openseat_app, which owns no
-- table and has no BYPASSRLS, with the caller's schools in the setting openseat.schools ('*' for every school).
-- Every table whose rows each belong to one school (id_school NOT NULL) lets that role read and write only rows of
-- the schools in scope; a query that forgets its scope reads nothing and writes nothing. The tables' owner (the
-- migrations, the jobs) is not subject to the policies.
-- The scope, read once per query: the policies ask `(SELECT ...)` of these, which the planner runs once as an
-- InitPlan, so each row costs one comparison with a ready array rather than parsing the setting again.
CREATE OR REPLACE FUNCTION openseat_every_school() RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('openseat.schools', true), '') = '*'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION openseat_schools() RETURNS integer[]
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(current_setting('openseat.schools', true), '') IN ('', '*') THEN '{}'::integer[]
              ELSE string_to_array(current_setting('openseat.schools', true), ',')::integer[] END
$$;
--> statement-breakpoint
-- Idempotent, and a no-op when everything is in place: migrateDatabase calls it at every start, after the migrations,
-- so a table a later migration adds is covered (row-level-security.test.ts checks that every tenant table is). It
-- alters or grants only what lacks it: ALTER TABLE takes an exclusive lock, which a start must not take on tables
-- other processes are serving from.
CREATE OR REPLACE FUNCTION openseat_protect_tenant_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT c.relname AS table_name, c.relrowsecurity AS protected,
           EXISTS (SELECT FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'tenant_scope') AS has_policy
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'id_school' AND a.attnotnull AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind = 'r'
       -- the tenant itself, and a user's schools (read before the scope is known: which school may they enter)
       AND c.relname NOT IN ('school', 'user_school')
  LOOP
    IF NOT item.has_policy THEN
      EXECUTE format('CREATE POLICY tenant_scope ON %1$I'
                     ' USING ((SELECT openseat_every_school()) OR id_school = ANY ((SELECT openseat_schools())::integer[]))'
                     ' WITH CHECK ((SELECT openseat_every_school()) OR id_school = ANY ((SELECT openseat_schools())::integer[]))',
                     item.table_name);
    END IF;
    IF NOT item.protected THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', item.table_name);
    END IF;
  END LOOP;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'openseat_app') THEN
    BEGIN
      CREATE ROLE openseat_app NOLOGIN NOBYPASSRLS;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN
        NULL; -- another database of the server, or another process at the same moment, created it
      WHEN insufficient_privilege THEN
        -- the policies are made all the same; requests can run under them once the role exists (docs/privacy.md)
        RAISE NOTICE 'openseat: % may not create the role openseat_app: row-level security cannot be turned on',
          current_user;
        RETURN;
    END;
  END IF;
  IF NOT pg_has_role(current_user, 'openseat_app', 'MEMBER') THEN
    EXECUTE format('GRANT openseat_app TO %I', current_user);
  END IF;
  FOR item IN SELECT nspname FROM pg_namespace WHERE nspname IN ('public', 'pgboss')
                 AND NOT has_schema_privilege('openseat_app', oid, 'USAGE') LOOP
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO openseat_app', item.nspname);
  END LOOP;
  FOR item IN
    SELECT n.nspname, c.relname, c.relkind
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'pgboss')
       -- a list of privileges asks whether any is held: each is asked alone
       AND (c.relkind IN ('r', 'p') AND NOT (has_table_privilege('openseat_app', c.oid, 'SELECT')
                                             AND has_table_privilege('openseat_app', c.oid, 'INSERT')
                                             AND has_table_privilege('openseat_app', c.oid, 'UPDATE')
                                             AND has_table_privilege('openseat_app', c.oid, 'DELETE'))
            OR c.relkind = 'v' AND NOT has_table_privilege('openseat_app', c.oid, 'SELECT')
            OR c.relkind = 'S' AND NOT (has_sequence_privilege('openseat_app', c.oid, 'USAGE')
                                        AND has_sequence_privilege('openseat_app', c.oid, 'SELECT')
                                        AND has_sequence_privilege('openseat_app', c.oid, 'UPDATE')))
  LOOP
    IF item.relkind = 'S' THEN
      EXECUTE format('GRANT USAGE, SELECT, UPDATE ON SEQUENCE %I.%I TO openseat_app', item.nspname, item.relname);
    ELSIF item.relkind = 'v' THEN
      EXECUTE format('GRANT SELECT ON %I.%I TO openseat_app', item.nspname, item.relname);
    ELSE
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I.%I TO openseat_app', item.nspname, item.relname);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- A check that must see every school: one school's campus may not text from a number another school's campus texts
-- from under the same Twilio account (sms-senders.service.ts). It runs as the tables' owner (SECURITY DEFINER) and
-- answers only with the caller's own number, or NULL. Numbers compare as E.164 (e164Of in sms-senders.repository).
CREATE OR REPLACE FUNCTION openseat_sms_sender_clash(p_school integer, p_campus integer) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH senders AS (
    SELECT cc.id_school, cc.id_campus,
           CASE WHEN left(trim(cc.phone_number), 1) = '+' OR length(regexp_replace(cc.phone_number, '\D', '', 'g')) <> 10
                THEN '+' || regexp_replace(cc.phone_number, '\D', '', 'g')
                ELSE '+1' || regexp_replace(cc.phone_number, '\D', '', 'g') END AS number,
           CASE WHEN coalesce(sc.twilio_account_sid, '') <> '' AND coalesce(sc.twilio_auth_token_encrypted, '') <> ''
                THEN 'sid:' || sc.twilio_account_sid ELSE 'server' END AS account
      FROM campus_configuration cc
      LEFT JOIN school_configuration sc ON sc.id_school = cc.id_school
     WHERE coalesce(trim(cc.phone_number), '') <> ''
  )
  SELECT mine.number FROM senders mine
    JOIN senders theirs
      ON theirs.number = mine.number AND theirs.account = mine.account AND theirs.id_school <> mine.id_school
   WHERE mine.id_school = p_school AND (p_campus IS NULL OR mine.id_campus = p_campus)
   LIMIT 1
$$;
