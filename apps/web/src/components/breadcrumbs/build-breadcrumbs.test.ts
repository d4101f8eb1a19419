import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './build-breadcrumbs';

describe('breadcrumbs', () => {
  it('drops the last section and labels hyphenated segments with capitalised words', () => {
    expect(buildBreadcrumbs('/main/applications/waiting-list')).toEqual([
      { label: 'Applications', to: '/main/applications', segment: 'applications' },
    ]);
    expect(buildBreadcrumbs('/main/users')).toEqual([]);
  });

  it('keeps the id that follows a section in its link and drops a numeric last segment with its section', () => {
    expect(buildBreadcrumbs('/main/schools/school/5/campus/7')).toEqual([
      { label: 'Schools', to: '/main/schools', segment: 'schools' },
      { label: 'School', to: '/main/schools/school/5', segment: 'school' },
    ]);
    expect(buildBreadcrumbs('/main/applications/selected-list/42')).toEqual([
      { label: 'Applications', to: '/main/applications', segment: 'applications' },
    ]);
  });

  it('drops a whole id chain at the end', () => {
    expect(buildBreadcrumbs('/main/admin/modulos/3/4/5')).toEqual([
      { label: 'Admin', to: '/main/admin', segment: 'admin' },
    ]);
  });

  it('ignores paths outside /main', () => {
    expect(buildBreadcrumbs('/login')).toEqual([]);
  });
});
