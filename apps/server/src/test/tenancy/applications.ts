import { period, type Fixtures, type ListRow, type Row } from './kit';

// applications pipeline (app-core): every route on the caller's own campus, and refused on another's
export const appOf = (x: Fixtures, key: Exclude<keyof Fixtures['applications'], 'intake'>) =>
  x.applications[key].id_application;
const applicantBody = (x: Fixtures, key: 'a1' | 'a2') => ({
  id_application: appOf(x, key),
  applicant: { firstName: 'Renamed', lastName: 'Child' },
  guardian: { name: 'Renamed Guardian', phoneNumber: '+14805550123' },
});
const intakeBody = (id_campus: number) => ({
  id_campus,
  id_school_year: 3,
  id_grade: 3,
  applicant: { firstName: 'New', lastName: 'Lead' },
  guardian: { name: 'New Guardian', email: 'new.guardian@example.org' },
});
export const SECRET_CHILDREN = ['Secret-A2-Child', 'Secret-B1-Child'];
export const APPLICATION_ROWS: Row[] = [
  {
    route: 'GET /application/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a2')}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /application/:id',
    case: 'another school',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a2')}` }),
    other: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'b1')}` }),
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'GET /application/:id/readers',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a2')}/readers` }),
    other: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'b1')}/readers` }),
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'GET /application/status-historical',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/status-historical?id_application=${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'GET', path: `/application/status-historical?id_application=${appOf(x, 'a2')}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /application/spots/:id_campus_year',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/spots/${period(x, 'a1').id_campus_year}` }),
    other: (x) => ({ method: 'GET', path: `/application/spots/${period(x, 'b1').id_campus_year}` }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'POST /application',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/application', body: intakeBody(x.applications.intake.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/application', body: intakeBody(x.b1.id_campus) }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'POST /application/duplicates',
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/application/duplicates',
      body: intakeBody(x.applications.intake.id_campus),
    }),
    other: (x) => ({ method: 'POST', path: '/application/duplicates', body: intakeBody(x.b1.id_campus) }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'PUT /application',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/application', body: applicantBody(x, 'a1') }),
    other: (x) => ({ method: 'PUT', path: '/application', body: applicantBody(x, 'a2') }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/grade',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/application/grade', body: { id_application: appOf(x, 'a1'), id_grade: 4 } }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/grade',
      body: { id_application: appOf(x, 'a2'), id_grade: 4 },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/priority',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/application/priority',
      body: { id_application: appOf(x, 'a2'), id_priority_item: 1 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/priority',
      body: { id_application: appOf(x, 'b1'), id_priority_item: 1 },
    }),
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'DELETE /application/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'DELETE', path: `/application/${appOf(x, 'a1Spare')}` }),
    other: (x) => ({ method: 'DELETE', path: `/application/${appOf(x, 'a2')}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/status',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: '/application/status',
      body: { applicationIds: [appOf(x, 'a1Lead')], id_status: 2 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/status',
      body: { applicationIds: [appOf(x, 'a2')], id_status: 5 },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/status',
    case: 'a bulk move mixing own and foreign applications changes nothing',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/application/status',
      body: { applicationIds: [appOf(x, 'a1Lead'), appOf(x, 'a2')], id_status: 3 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/status',
      body: { applicationIds: [appOf(x, 'a1Lead'), appOf(x, 'b1')], id_status: 3 },
    }),
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'PUT /application/status/previous',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/application/status/previous', body: { id_application: appOf(x, 'a1Back') } }),
    other: (x) => ({ method: 'PUT', path: '/application/status/previous', body: { id_application: appOf(x, 'a2') } }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'POST /application/transfer-spot',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application/transfer-spot',
      body: { id_application_from: appOf(x, 'a1Holder'), id_application_to: appOf(x, 'a1Waiting') },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/transfer-spot',
      body: { id_application_from: appOf(x, 'a1Holder'), id_application_to: appOf(x, 'a2') },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/read/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: `/application/read/${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'PUT', path: `/application/read/${appOf(x, 'a2')}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/unread',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/application/unread', body: { applicationIds: [appOf(x, 'a1')] } }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/unread',
      body: { applicationIds: [appOf(x, 'a1'), appOf(x, 'a2')] },
    }),
    foreign: () => SECRET_CHILDREN,
  },
];
export const APPLICATION_LISTS: ListRow[] = [
  {
    route: 'GET /application',
    actor: 'campusA1',
    path: '/application?type=1&pageSize=200',
    own: () => ['Lead-A1-Child'],
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /application',
    actor: 'campusAdminA',
    path: '/application?type=1&pageSize=200',
    own: () => ['Lead-A1-Child', 'Secret-A2-Child'],
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'GET /application',
    actor: 'schoolA',
    path: '/application?type=9&pageSize=200&text=tenancy',
    own: () => ['Holder-A1-Child', 'Secret-A2-Child'],
    foreign: () => ['Secret-B1-Child'],
  },
];
