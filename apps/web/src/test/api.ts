import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { SessionUser } from '@openseat/shared/schemas/auth';
import { CampusSchoolYearRowSchema } from '@openseat/shared/schemas/enrollment';

/** The API as the component tests see it: msw handlers answering like the server (add them per test with `use`). */
export const api = setupServer(
  // the catalogs most screens read, as the server seeds them
  http.get('/api/catalog/email-type', () =>
    HttpResponse.json([
      { id_email_type: 1, name: 'Status change' },
      { id_email_type: 2, name: 'General' },
    ]),
  ),
  http.get('/api/catalog/text-message-type', () =>
    HttpResponse.json([
      { id_text_message_type: 1, name: 'Status change' },
      { id_text_message_type: 2, name: 'General' },
    ]),
  ),
);

/** A JSON answer at `path` (relative to /api) for `method`, typed by the shared schema's type `T`. */
export const answer = <T extends JsonBodyType>(method: 'get' | 'post' | 'put' | 'delete', path: string, body: T) =>
  http[method](`/api${path}`, () => HttpResponse.json(body));

/** Records each request of `method` to `path` (its JSON body and query), answering `body` with `status`. */
export function recorder<T extends JsonBodyType>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  body: T,
  status = 200,
) {
  const requests: Array<{ body: unknown; query: URLSearchParams }> = [];
  const handler = http[method](`/api${path}`, async ({ request }) => {
    const text = await request.text();
    requests.push({ body: text ? JSON.parse(text) : null, query: new URL(request.url).searchParams });
    return HttpResponse.json(body, { status });
  });
  return { handler, requests };
}

/** A campus user of school 1, campus 10, as the sign-in answers it. */
export const campusUser: SessionUser = {
  id_user: 7,
  name: 'Carla Campus',
  email: 'carla@school.test',
  photo: null,
  id_context_type: 3,
  role: { id_role: 4, name: 'Campus Admin' },
  id_school: 1,
  id_campus: 10,
  isAllCampuses: false,
  schoolSwitch: false,
  schools: [{ id_school: 1, name: 'Alpha Academy' }],
  schoolActive: true,
  campusActive: true,
  configuration: { id_main_campus: 10, id_main_school_year: 3, lng: 'en', theme: 'default' },
};

/** The working context of `campusUser`: its campus and the started 2027-2028 period (id_school_year 3). */
export const campusContext = [
  answer('get', '/catalog/campuses', [
    { id_campus: 10, name: 'Alpha North', id_school: 1, schoolName: 'Alpha Academy', timeZone: 'America/Phoenix' },
  ]),
  answer(
    'get',
    '/catalog/campus-school-years',
    CampusSchoolYearRowSchema.array().parse([
      { id_school_year: 3, name: '2027-2028', year_one: 2027, year_two: 2028, id_campus_year: 30, state: 'started' },
    ]),
  ),
  answer('get', '/catalog/grade', [
    { id_grade: 3, name: 'K' },
    { id_grade: 4, name: '1st' },
  ]),
  answer('get', '/tag', { data: [], total: 0, page: 0, pageSize: 100 }),
];
