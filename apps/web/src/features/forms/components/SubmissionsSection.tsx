/** The form submissions of an application, in its detail (not built yet: shows nothing). */
export function SubmissionsSection(_props: { id_application: number }) {
  return null;
}
