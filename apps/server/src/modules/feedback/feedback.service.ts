import { CONTEXT_TYPE } from '@openseat/shared/constants';
import {
  CreateFeedbackRequestSchema,
  UpdateFeedbackRequestSchema,
  type FeedbackListQuery,
} from '@openseat/shared/schemas/feedback';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { readUploadForm, removeStoredFile, withStoredImage, type UploadForm } from '../../lib/form-upload';
import type { Principal } from '../auth/auth.types';
import { presentFeedback } from './feedback.presenter';
import * as repo from './feedback.repository';

const FOLDER = 'feedback';

const isSystem = (caller: Principal) => caller.id_context_type === CONTEXT_TYPE.SYSTEM;

async function requireFeedback(db: Executor, caller: Principal, id_feedback: number) {
  const row = await repo.findFeedback(db, caller.scope, id_feedback);
  if (!row) throw notFound();
  return row;
}

/**
 * Where the caller's feedback belongs, from the signed-in user only: a system user's has no school; a school
 * user's (or a maintainer's after choosing a school) the school; a campus user's the campus they work at.
 */
function ownerOf(caller: Principal): { id_school: number | null; id_campus: number | null } {
  const { scope } = caller;
  if (scope.id_school === null) return { id_school: null, id_campus: null };
  if (scope.campusIds === null) return { id_school: scope.id_school, id_campus: null };
  const id_campus =
    caller.id_campus !== null && scope.campusIds.includes(caller.id_campus) ? caller.id_campus : scope.campusIds[0];
  if (id_campus === undefined) throw forbidden();
  return { id_school: scope.id_school, id_campus };
}

const unknownType = () => badRequest('invalidValue', [{ path: 'id_feedback_type', message: 'invalidValue' }]);

export async function listFeedback(db: Db, caller: Principal, query: FeedbackListQuery) {
  const { rows, total } = await repo.listFeedback(
    db,
    caller.scope,
    { text: query.text, id_status_feedback: query.id_status_feedback },
    query.page,
    query.pageSize,
  );
  return {
    data: rows.map((row) => presentFeedback(row, caller.id_user)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getFeedback(db: Db, caller: Principal, id_feedback: number) {
  return presentFeedback(await requireFeedback(db, caller, id_feedback), caller.id_user);
}

/** Creates a feedback from a multipart form (or JSON without an image); the screenshot is stored first. */
export async function createFeedback(db: Db, dataDir: string, caller: Principal, form: UploadForm) {
  const { data: input, image } = await readUploadForm(form, CreateFeedbackRequestSchema);
  const owner = ownerOf(caller);
  return withStoredImage(dataDir, FOLDER, image, (screen_shot) =>
    db.transaction(async (tx) => {
      if (!(await repo.feedbackTypeExists(tx, input.id_feedback_type))) throw unknownType();
      const values = {
        ...owner,
        id_user: caller.id_user,
        id_feedback_type: input.id_feedback_type,
        title: input.title,
        description: input.description,
        url: input.url,
        screen_shot,
      };
      const id_feedback = await repo.insertFeedback(tx, caller.scope, values);
      await writeAudit(tx, caller, {
        action: 'feedback.create',
        entity: 'feedback',
        entityId: id_feedback,
        id_school: owner.id_school,
        id_campus: owner.id_campus,
        changes: { ...values, screen_shot: screen_shot !== null },
      });
      const row = (await repo.findFeedback(tx, caller.scope, id_feedback))!;
      return { result: presentFeedback(row, caller.id_user), replaced: null };
    }),
  );
}

/**
 * The author changes title, type, description, url and screenshot; only system users change the status. A
 * change nobody may make is refused whole (403) and leaves the feedback as it was.
 */
export async function updateFeedback(
  db: Db,
  dataDir: string,
  caller: Principal,
  id_feedback: number,
  form: UploadForm,
) {
  const { data: input, image } = await readUploadForm(form, UpdateFeedbackRequestSchema);
  return withStoredImage(dataDir, FOLDER, image, (stored) =>
    db.transaction(async (tx) => {
      const before = await requireFeedback(tx, caller, id_feedback);
      const isAuthor = before.id_user === caller.id_user;
      const fields = {
        title: input.title,
        id_feedback_type: input.id_feedback_type,
        description: input.description,
        url: input.url,
      };
      const changesFields =
        stored !== null ||
        input.removeScreenShot === true ||
        Object.entries(fields).some(
          ([key, value]) => value !== undefined && value !== before[key as keyof typeof fields],
        );
      if (changesFields && !isAuthor) throw forbidden();
      const changesStatus =
        input.id_status_feedback !== undefined && input.id_status_feedback !== before.id_status_feedback;
      if (changesStatus && !isSystem(caller)) throw forbidden();
      if (input.id_feedback_type !== undefined && !(await repo.feedbackTypeExists(tx, input.id_feedback_type)))
        throw unknownType();
      const screen_shot = stored ?? (input.removeScreenShot ? null : undefined);
      const change = { ...fields, id_status_feedback: input.id_status_feedback, screen_shot };
      await repo.updateFeedback(tx, caller.scope, id_feedback, change);
      await writeAudit(tx, caller, {
        action: 'feedback.update',
        entity: 'feedback',
        entityId: id_feedback,
        id_school: before.id_school,
        id_campus: before.id_campus,
        changes: diff(before, { ...change, screen_shot: screen_shot === undefined ? undefined : screen_shot !== null }),
      });
      const row = (await repo.findFeedback(tx, caller.scope, id_feedback))!;
      return {
        result: presentFeedback(row, caller.id_user),
        replaced: screen_shot !== undefined ? before.screen_shot : null,
      };
    }),
  );
}

/** The author or a system user deletes a feedback; its screenshot is removed after commit. */
export async function deleteFeedback(db: Db, dataDir: string, caller: Principal, id_feedback: number) {
  const screenShot = await db.transaction(async (tx) => {
    const row = await requireFeedback(tx, caller, id_feedback);
    if (row.id_user !== caller.id_user && !isSystem(caller)) throw forbidden();
    await repo.deleteFeedback(tx, caller.scope, id_feedback);
    await writeAudit(tx, caller, {
      action: 'feedback.delete',
      entity: 'feedback',
      entityId: id_feedback,
      id_school: row.id_school,
      id_campus: row.id_campus,
      changes: { title: row.title },
    });
    return row.screen_shot;
  });
  if (screenShot) await removeStoredFile(dataDir, screenShot);
}

/** The stored screenshot of a feedback in the caller's scope (404 when there is none). */
export async function screenshotOf(db: Db, caller: Principal, id_feedback: number): Promise<string> {
  const row = await requireFeedback(db, caller, id_feedback);
  if (!row.screen_shot) throw notFound();
  return row.screen_shot;
}
