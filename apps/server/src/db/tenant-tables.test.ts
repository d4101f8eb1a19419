import { describe, expect, it } from 'vitest';
import { databaseOfFile } from '../test/harness';

/**
 * Tables that belong to no single school. Everything else is tenant-owned and must carry `id_school NOT NULL`:
 * it is how every query is scoped today, and the distribution column when the data moves to Citus.
 * Adding a table here needs a reason: it is either the same for every school, or it spans schools.
 */
const NOT_TENANT_OWNED: Record<string, string> = {
  // catalogs: the same fixed rows for every installation (Citus reference tables)
  context_type: 'catalog',
  school_year: 'catalog',
  status: 'catalog',
  status_movement_type: 'catalog',
  grade: 'catalog',
  field_option: 'catalog',
  priority_item: 'catalog',
  email_type: 'catalog',
  form_type: 'catalog',
  guardian_type: 'catalog',
  feedback_type: 'catalog',
  status_feedback: 'catalog',
  text_message_type: 'catalog',
  enrollment_sis: 'catalog',
  notification_settings_type: 'catalog',
  dashboard_item: 'catalog',
  ads_conversion_event_type: 'catalog',
  subject: 'permission catalog',
  action: 'permission catalog',
  // roles are system-wide (the spec's role screen is a system screen), and so are their rules
  role: 'system-wide roles',
  permission: 'rules of a system-wide role',
  // the tenant itself: its key is id_school
  school: 'the tenant',
  // people: a system user or a maintainer of several schools has no single school
  user: 'spans schools (system users, maintainers)',
  user_school: 'join of a user and its schools',
  user_configuration: "a user's own settings",
  user_dashboard_item: "a user's own dashboard",
  user_filter: "a user's own saved filters",
  notification_settings: "a user's own notification switches",
  refresh_token: "a user's sessions",
  password_reset_token: "a user's reset links",
  account_mail: 'outbox of mail to staff accounts (recovery links), which may have no school',
  // written by system users too, with a null school
  audit_log: 'system-level actions have no school',
  feedback: 'a system user writes feedback without a school',
  captured_mail: 'the development mail catcher',
  captured_text_message: 'the development SMS catcher',
  // the family portal: a guardian is a contact on applications of any school (docs/family-portal.md)
  guardian_sign_in: "a guardian's one-time sign-ins: the contact spans schools",
  guardian_session: "a guardian's portal sessions: the contact spans schools",
  guardian_preference: "a guardian's language: the contact spans schools",
  decline_reason: "the built-in reasons have no school; a school's own carry its id_school",
  // process-shared state of the API processes
  rate_limit_counter: 'limiter counters keyed by client address or account',
  idempotency_key: "a user's Idempotency-Key records (the key hash folds in the school)",
};

const file = databaseOfFile();

async function publicTables(): Promise<Map<string, { nullable: boolean } | null>> {
  const { rows } = await file.database.executeSql(
    `SELECT t.table_name, c.is_nullable
       FROM information_schema.tables t
       LEFT JOIN information_schema.columns c
         ON c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'id_school'
      WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
    [],
  );
  return new Map(
    (rows as { table_name: string; is_nullable: string | null }[]).map((r) => [
      r.table_name,
      r.is_nullable === null ? null : { nullable: r.is_nullable === 'YES' },
    ]),
  );
}

async function tablesWithoutTenantKey(): Promise<string[]> {
  return [...(await publicTables())]
    .filter(([name, idSchool]) => !(name in NOT_TENANT_OWNED) && (!idSchool || idSchool.nullable))
    .map(([name, idSchool]) => `${name}: ${idSchool ? 'id_school is nullable' : 'no id_school'}`);
}

describe('tenant-owned tables', () => {
  it('every table not listed as shared carries id_school NOT NULL', async () => {
    expect((await publicTables()).size).toBeGreaterThan(40);
    expect(await tablesWithoutTenantKey()).toEqual([]);
  });

  it('lists as shared only tables that exist (the list cannot hide a renamed table)', async () => {
    const tables = await publicTables();
    expect(Object.keys(NOT_TENANT_OWNED).filter((name) => !tables.has(name))).toEqual([]);
  });

  it('would catch a new table without id_school (the check can fail)', async () => {
    await file.database.executeSql('CREATE TABLE applicant_sibling (id serial PRIMARY KEY, name text)', []);
    await file.database.executeSql('CREATE TABLE applicant_note (id serial PRIMARY KEY, id_school integer)', []);
    try {
      expect(await tablesWithoutTenantKey()).toEqual(
        expect.arrayContaining(['applicant_sibling: no id_school', 'applicant_note: id_school is nullable']),
      );
    } finally {
      await file.database.executeSql('DROP TABLE applicant_sibling, applicant_note', []);
    }
  });
});
