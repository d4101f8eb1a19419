import { CONTEXT_TYPE_NAMES } from './constants';
import { DEFAULT_ROLE_GRANTS, SUBJECTS, grantToRules } from './permissions';

/** docs/permissions.md, rendered from DEFAULT_ROLE_GRANTS (`npm run docs:permissions` rewrites the file). */
export function renderPermissionsDoc(): string {
  const roles = DEFAULT_ROLE_GRANTS.map((r) => ({ ...r, rules: grantToRules(r.grant) }));
  const lines = [
    '# Default permissions of the seeded roles',
    '',
    'Generated from `DEFAULT_ROLE_GRANTS` in `packages/shared/src/permissions.ts` (`npm run docs:permissions`);',
    'a test fails when this file and the code differ. `SuperAdmin` can do everything and has no rows.',
    'Administrators change permissions per role on the role screen (Roles -> role -> Permissions).',
    '',
    '| role | context | description |',
    '|---|---|---|',
    ...roles.map((r) => `| ${r.name} | ${CONTEXT_TYPE_NAMES[r.id_context_type]} | ${r.description} |`),
    '',
    `| screen (subject) | ${roles.map((r) => r.name).join(' | ')} |`,
    `|---|${roles.map(() => '---').join('|')}|`,
  ];
  for (const subject of SUBJECTS) {
    const cells = roles.map(
      (r) =>
        r.rules
          .filter((rule) => rule.subject === subject)
          .map((rule) => rule.action)
          .join(', ') || '—',
    );
    lines.push(`| ${subject} | ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
