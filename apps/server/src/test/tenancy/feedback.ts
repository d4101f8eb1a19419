import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { storeImage } from '../people-factories';
import { tenancyFiles, type Call, type Fixtures, type ListRow, type Row } from './kit';

type FeedbackFixtures = Awaited<ReturnType<typeof buildFeedbackFixtures>>;
let fbf: FeedbackFixtures;
const SECRET_FEEDBACK = ['Secret-Beta-Feedback', 'Secret-A2-Feedback', 'Secret Beta description'];

/** Feedback of school A (school-wide, campus A1, campus A2) and of school B, two of them with a screenshot. */
async function buildFeedbackFixtures(db: TestContext['db'], x: Fixtures) {
  const add = async (values: Partial<typeof s.feedback.$inferInsert> & { title: string; id_user: number }) => {
    const [row] = await db
      .insert(s.feedback)
      .values({ id_feedback_type: 1, description: `${values.title} description`, ...values })
      .returning();
    return row;
  };
  const A = x.schoolA.id_school;
  return {
    own: await add({
      title: 'Alpha-Feedback',
      id_school: A,
      id_user: x.users.schoolA.id_user,
      screen_shot: storeImage(tenancyFiles.dataDir, 'feedback', 'alpha.png'),
    }),
    spare: await add({ title: 'Alpha-Spare-Feedback', id_school: A, id_user: x.users.schoolA.id_user }),
    a1: await add({
      title: 'Alpha-North-Feedback',
      id_school: A,
      id_campus: x.a1.id_campus,
      id_user: x.users.campusA1.id_user,
      screen_shot: storeImage(tenancyFiles.dataDir, 'feedback', 'alpha-north.png'),
    }),
    a2: await add({
      title: 'Secret-A2-Feedback',
      id_school: A,
      id_campus: x.a2.id_campus,
      id_user: x.users.staffA2.id_user,
      screen_shot: storeImage(tenancyFiles.dataDir, 'feedback', 'alpha-south.png'),
    }),
    other: await add({
      title: 'Secret-Beta-Feedback',
      description: 'Secret Beta description',
      id_school: x.schoolB.id_school,
      id_user: x.users.schoolB.id_user,
      screen_shot: storeImage(tenancyFiles.dataDir, 'feedback', 'beta.png'),
    }),
  };
}

/** A multipart body of text fields only (the browser's form), for the feedback writes. */
function feedbackMultipart(fields: Record<string, string>): Pick<Call, 'rawBody' | 'contentType'> {
  const boundary = 'feedbackboundary';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return { rawBody: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

const feedbackBody = { title: 'New feedback', id_feedback_type: 2, description: 'Long enough description.' };

export const FEEDBACK_ROWS: Row[] = [
  {
    route: 'GET /feedback/:id',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/feedback/${fbf.own.id_feedback}` }),
    other: () => ({ method: 'GET', path: `/feedback/${fbf.other.id_feedback}` }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'GET /feedback/:id',
    case: 'a campus user does not see the feedback of another campus of its school',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/feedback/${fbf.a1.id_feedback}` }),
    other: () => ({ method: 'GET', path: `/feedback/${fbf.a2.id_feedback}` }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'GET /feedback/:id/screenshot',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/feedback/${fbf.own.id_feedback}/screenshot` }),
    other: () => ({ method: 'GET', path: `/feedback/${fbf.other.id_feedback}/screenshot` }),
    foreign: () => [],
  },
  {
    route: 'GET /feedback/:id/screenshot',
    case: 'a campus user sees no screenshot of another campus',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/feedback/${fbf.a1.id_feedback}/screenshot` }),
    other: () => ({ method: 'GET', path: `/feedback/${fbf.a2.id_feedback}/screenshot` }),
    foreign: () => [],
  },
  {
    route: 'POST /feedback',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: '/feedback',
      ...feedbackMultipart({ ...feedbackBody, id_feedback_type: '2', title: 'Alpha-Multipart-Feedback' }),
    }),
    shared: "the school and campus come from the caller only (feedback.test.ts: a body's id_school is ignored)",
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'PUT /feedback/:id',
    actor: 'schoolA',
    own: () => ({ method: 'PUT', path: `/feedback/${fbf.own.id_feedback}`, body: { title: 'Alpha-Feedback-Edited' } }),
    other: () => ({
      method: 'PUT',
      path: `/feedback/${fbf.other.id_feedback}`,
      ...feedbackMultipart({ title: 'Planted', id_status_feedback: '3' }),
    }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'PUT /feedback/:id',
    case: 'a campus user cannot change the feedback of another campus',
    actor: 'campusA1',
    own: () => ({ method: 'PUT', path: `/feedback/${fbf.a1.id_feedback}`, body: { title: 'Alpha-North-Edited' } }),
    other: () => ({ method: 'PUT', path: `/feedback/${fbf.a2.id_feedback}`, body: { title: 'Planted' } }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'PUT /feedback/:id',
    case: 'System Support changes the status of any school; a school user may not',
    actor: 'schoolA',
    ownActor: 'support',
    own: () => ({ method: 'PUT', path: `/feedback/${fbf.other.id_feedback}`, body: { id_status_feedback: 2 } }),
    other: () => ({ method: 'PUT', path: `/feedback/${fbf.own.id_feedback}`, body: { id_status_feedback: 3 } }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'DELETE /feedback/:id',
    actor: 'schoolA',
    own: () => ({ method: 'DELETE', path: `/feedback/${fbf.spare.id_feedback}` }),
    other: () => ({ method: 'DELETE', path: `/feedback/${fbf.other.id_feedback}` }),
    foreign: () => SECRET_FEEDBACK,
  },
];

export const FEEDBACK_LISTS: ListRow[] = [
  {
    route: 'GET /feedback',
    actor: 'schoolA',
    path: '/feedback?pageSize=100',
    own: () => ['Alpha-Feedback', 'Alpha-North-Feedback'],
    foreign: () => ['Secret-Beta-Feedback', 'Secret Beta description'],
  },
  {
    route: 'GET /feedback',
    actor: 'campusA1',
    path: '/feedback?pageSize=100',
    own: () => ['Alpha-North'],
    foreign: () => SECRET_FEEDBACK,
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupFeedback(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  fbf = await buildFeedbackFixtures(ctx.db, x);
}
