import type {
  ApplicationTagBulk,
  ApplicationTagBulkResult,
  ApplicationTagRequest,
} from '@openseat/shared/schemas/application-records';
import type { Db, Executor } from '../../db/client';
import { requireApplication } from '../applications/application-ref.service';
import { writeAudit } from '../audit/audit.service';
import { badRequest, notFound } from '../../lib/errors';
import type { Refusal } from '../../lib/refusals';
import type { Principal } from '../auth/auth.types';
import { presentTagsOf } from './application-tags.presenter';
import * as repo from './application-tags.repository';

const otherCampus = () => badRequest('tagOtherCampus', [{ path: 'id_tag', message: 'tagOtherCampus' }]);

async function requireTag(tx: Executor, caller: Principal, id_tag: number) {
  const tag = await repo.findTag(tx, caller.scope, id_tag);
  if (!tag) throw notFound();
  return tag;
}

/** A tag of the application's own campus, on (`add`) or off one application; answers its tags as they are now. */
export async function setTag(db: Db, caller: Principal, input: ApplicationTagRequest, add: boolean) {
  return db.transaction(async (tx) => {
    const application = await requireApplication(tx, caller.scope, input.id_application, true);
    const tag = await requireTag(tx, caller, input.id_tag);
    if (tag.id_campus !== application.id_campus) throw otherCampus();
    const changed = add
      ? (await repo.addTag(tx, application.id_school, tag.id_tag, [application.id_application])).length > 0
      : await repo.removeTag(tx, application.id_application, tag.id_tag);
    if (changed)
      await writeAudit(tx, caller, {
        action: add ? 'application.tag.add' : 'application.tag.remove',
        entity: 'application',
        entityId: application.id_application,
        id_school: application.id_school,
        id_campus: application.id_campus,
        changes: { id_tag: tag.id_tag, name: tag.name },
      });
    const ids = [application.id_application];
    return presentTagsOf(ids, await repo.tagsOf(tx, ids))[0];
  });
}

/**
 * One tag on a selection: each application is tagged, already tagged, or refused (out of reach, or of another
 * campus than the tag); nothing refused is changed, and the answer says which is which.
 */
export async function tagMany(
  db: Db,
  caller: Principal,
  input: ApplicationTagBulk,
): Promise<Omit<ApplicationTagBulkResult, 'message' | 'refused'> & { refused: Refusal[] }> {
  return db.transaction(async (tx) => {
    const tag = await requireTag(tx, caller, input.id_tag);
    const found = new Map(
      (await repo.applicationsInScope(tx, caller.scope, input.applicationIds)).map((a) => [a.id_application, a]),
    );
    const refused: Refusal[] = [];
    const eligible: number[] = [];
    for (const id_application of input.applicationIds) {
      const application = found.get(id_application);
      if (!application) refused.push({ id_application, code: 'NOT_FOUND', message: 'notFound' });
      else if (application.id_campus !== tag.id_campus)
        refused.push({ id_application, code: 'TAG_OTHER_CAMPUS', message: 'tagOtherCampus' });
      else eligible.push(id_application);
    }
    const tagged = await repo.addTag(tx, tag.id_school, tag.id_tag, eligible);
    const newly = new Set(tagged);
    for (const id_application of tagged)
      await writeAudit(tx, caller, {
        action: 'application.tag.add',
        entity: 'application',
        entityId: id_application,
        id_school: tag.id_school,
        id_campus: tag.id_campus,
        changes: { id_tag: tag.id_tag, name: tag.name },
      });
    return {
      type: input.type,
      tagged: eligible.filter((id) => newly.has(id)),
      alreadyTagged: eligible.filter((id) => !newly.has(id)),
      refused,
      data: presentTagsOf(eligible, await repo.tagsOf(tx, eligible)),
    };
  });
}
