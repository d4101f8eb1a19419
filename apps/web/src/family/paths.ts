/** The portal's addresses (the server answers family.html at /family and under it). */
export const SIGN_IN = '/family';
export const APPLICATIONS = '/family/applications';
/** Whether each school may text the guardian's phones, and the history of that choice. */
export const TEXTS = '/family/texts';
export const applicationPath = (id: number) => `/family/applications/${id}`;
export const registrationFormPath = (id: number, item: number) => `/family/applications/${id}/registration/${item}`;
export const agreementPath = (id: number, item: number) => `/family/applications/${id}/agreements/${item}`;

export type Screen =
  | { name: 'sign-in' }
  /** `to`: the application a message's link leads to, once signed in. */
  | { name: 'link'; token: string; to: number | null }
  | { name: 'applications' }
  | { name: 'texts' }
  | { name: 'application'; id: number }
  /** One form of the application's registration checklist. */
  | { name: 'registration-form'; id: number; item: number }
  /** One agreement of the checklist, read and signed (and the second guardian invited). */
  | { name: 'agreement'; id: number; item: number }
  /** The invited second guardian's link: that one agreement, without a session. */
  | { name: 'cosign'; token: string; to: number | null }
  | { name: 'unknown' };

const applicationId = (text: string | null) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

/** The screen an address shows. */
export function screenAt(pathname: string, search = ''): Screen {
  const path = pathname.replace(/\/+$/, '');
  if (path === SIGN_IN) return { name: 'sign-in' };
  if (path === APPLICATIONS) return { name: 'applications' };
  if (path === TEXTS) return { name: 'texts' };
  const link = /^\/family\/link\/([^/]+)$/.exec(path);
  if (link) return { name: 'link', token: link[1], to: applicationId(new URLSearchParams(search).get('to')) };
  const application = /^\/family\/applications\/([1-9]\d*)$/.exec(path);
  if (application) return { name: 'application', id: Number(application[1]) };
  const form = /^\/family\/applications\/([1-9]\d{0,9})\/registration\/([1-9]\d{0,9})$/.exec(path);
  if (form) return { name: 'registration-form', id: Number(form[1]), item: Number(form[2]) };
  const agreement = /^\/family\/applications\/([1-9]\d{0,9})\/agreements\/([1-9]\d{0,9})$/.exec(path);
  if (agreement) return { name: 'agreement', id: Number(agreement[1]), item: Number(agreement[2]) };
  const cosign = /^\/family\/cosign\/([^/]+)$/.exec(path);
  if (cosign) return { name: 'cosign', token: cosign[1], to: applicationId(new URLSearchParams(search).get('to')) };
  return { name: 'unknown' };
}
