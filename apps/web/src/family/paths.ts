/** The portal's addresses (the server answers family.html at /family and under it). */
export const SIGN_IN = '/family';
export const APPLICATIONS = '/family/applications';
export const applicationPath = (id: number) => `/family/applications/${id}`;

export type Screen =
  | { name: 'sign-in' }
  | { name: 'link'; token: string }
  | { name: 'applications' }
  | { name: 'application'; id: number }
  | { name: 'unknown' };

/** The screen an address shows. */
export function screenAt(pathname: string): Screen {
  const path = pathname.replace(/\/+$/, '');
  if (path === SIGN_IN) return { name: 'sign-in' };
  if (path === APPLICATIONS) return { name: 'applications' };
  const link = /^\/family\/link\/([^/]+)$/.exec(path);
  if (link) return { name: 'link', token: link[1] };
  const application = /^\/family\/applications\/([1-9]\d*)$/.exec(path);
  if (application) return { name: 'application', id: Number(application[1]) };
  return { name: 'unknown' };
}
