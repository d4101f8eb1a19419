import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAbility } from './ability';
import { DEFAULT_ROLE_GRANTS, SUBJECT_ACTIONS, grantToRules } from './permissions';
import { renderPermissionsDoc } from './permissions-doc';

describe('default permissions', () => {
  it('docs/permissions.md shows exactly the seeded defaults', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/permissions.md'), 'utf8');
    expect(doc).toBe(renderPermissionsDoc());
  });

  it('grants only actions that each screen offers', () => {
    for (const role of DEFAULT_ROLE_GRANTS) {
      for (const rule of grantToRules(role.grant)) expect(SUBJECT_ACTIONS[rule.subject]).toContain(rule.action);
    }
  });

  it('lets SuperAdmin do everything and others only their rules', () => {
    expect(buildAbility({ roleName: 'SuperAdmin', rules: [] }).can('delete', 'roles')).toBe(true);
    const campus = buildAbility({ roleName: 'Campus Admin', rules: [{ action: 'access', subject: 'dashboard' }] });
    expect(campus.can('access', 'dashboard')).toBe(true);
    expect(campus.can('access', 'schools')).toBe(false);
  });
});
