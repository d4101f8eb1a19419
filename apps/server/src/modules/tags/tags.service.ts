import type { TagListQuery, TagRequest } from '@openseat/shared/schemas/enrollment';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { badRequest, notFound, conflict } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { findCampusRef } from '../campuses/campus-ref.service';
import { presentTag } from './tags.presenter';
import * as repo from './tags.repository';
import { isUniqueViolation } from '../../lib/db-errors';

const nameTaken = () => conflict('tagNameTaken', [{ path: 'name', message: 'tagNameTaken' }]);

async function requireTag(db: Executor, caller: Principal, id_tag: number) {
  const tag = await repo.findTag(db, caller.scope, id_tag);
  if (!tag) throw notFound();
  return tag;
}

export async function listTags(db: Db, caller: Principal, query: TagListQuery) {
  if (query.id_campus !== undefined && !(await findCampusRef(db, caller.scope, query.id_campus))) throw notFound();
  const { rows, total } = await repo.listTags(
    db,
    caller.scope,
    { id_campus: query.id_campus, text: query.text },
    query.page,
    query.pageSize,
  );
  return { data: rows.map(presentTag), total, page: query.page, pageSize: query.pageSize };
}

export async function getTag(db: Db, caller: Principal, id_tag: number) {
  return presentTag(await requireTag(db, caller, id_tag));
}

export async function createTag(db: Db, caller: Principal, input: TagRequest) {
  try {
    return await db.transaction(async (tx) => {
      const campus = await findCampusRef(tx, caller.scope, input.id_campus);
      if (!campus) throw notFound();
      if (await repo.nameTaken(tx, caller.scope, campus.id_campus, input.name)) throw nameTaken();
      const values = {
        id_school: campus.id_school,
        id_campus: campus.id_campus,
        name: input.name,
        description: input.description,
      };
      const id_tag = await repo.insertTag(tx, caller.scope, values);
      await writeAudit(tx, caller, {
        action: 'tag.create',
        entity: 'tag',
        entityId: id_tag,
        id_school: campus.id_school,
        id_campus: campus.id_campus,
        changes: values,
      });
      return presentTag((await repo.findTag(tx, caller.scope, id_tag))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** A tag stays on its campus: applications of that campus carry it. */
export async function updateTag(db: Db, caller: Principal, id_tag: number, input: TagRequest) {
  try {
    return await db.transaction(async (tx) => {
      const before = await requireTag(tx, caller, id_tag);
      if (input.id_campus !== before.id_campus)
        throw badRequest('invalidValue', [{ path: 'id_campus', message: 'invalidValue' }]);
      if (await repo.nameTaken(tx, caller.scope, before.id_campus, input.name, id_tag)) throw nameTaken();
      const change = { name: input.name, description: input.description };
      await repo.updateTag(tx, caller.scope, id_tag, change);
      await writeAudit(tx, caller, {
        action: 'tag.update',
        entity: 'tag',
        entityId: id_tag,
        id_school: before.id_school,
        id_campus: before.id_campus,
        changes: diff(before, change),
      });
      return presentTag((await repo.findTag(tx, caller.scope, id_tag))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function deleteTag(db: Db, caller: Principal, id_tag: number) {
  await db.transaction(async (tx) => {
    const tag = await requireTag(tx, caller, id_tag);
    await repo.deleteTag(tx, caller.scope, id_tag);
    await writeAudit(tx, caller, {
      action: 'tag.delete',
      entity: 'tag',
      entityId: id_tag,
      id_school: tag.id_school,
      id_campus: tag.id_campus,
      changes: { name: tag.name },
    });
  });
}
