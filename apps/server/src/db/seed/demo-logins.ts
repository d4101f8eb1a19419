/** The demo sign-ins printed at start and listed in README.md. */
export const DEMO_PASSWORD = 'openseat-demo';

export const DEMO_LOGINS = [
  { email: 'superadmin@demo.openseat.org', role: 'SuperAdmin (system)' },
  { email: 'system@demo.openseat.org', role: 'System Support (system)' },
  { email: 'school@demo.openseat.org', role: 'School Admin (first school)' },
  { email: 'campus@demo.openseat.org', role: 'Campus Admin (first campus of the first school)' },
  { email: 'maintainer@demo.openseat.org', role: 'School Maintainer (both schools)' },
] as const;
