-- The applications' text search reads applicants through this view (db/application-filters.ts). Under row-level
-- security PostgreSQL checks a table's policy before a query's own non-leakproof conditions, so `search_text LIKE`
-- would no longer use its trigram index; a view reads its table with its owner's rights (no policy applies), so
-- the index serves, and the view itself keeps the request role to the schools in its scope. It yields applicant ids
-- to a condition on applications, which are under their own policy. openseat_protect_tenant_tables() (run by
-- db:migrate) lets the request role read it.
CREATE VIEW applicant_search AS
  SELECT id_applicant, id_school, search_text FROM applicant
   WHERE (SELECT current_user <> 'openseat_app')
      OR (SELECT openseat_every_school())
      OR id_school = ANY ((SELECT openseat_schools())::integer[]);
