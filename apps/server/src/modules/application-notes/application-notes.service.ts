import type { NoteCreate } from '@openseat/shared/schemas/application-records';
import type { Db } from '../../db/client';
import { requireApplication } from '../applications/application-ref.service';
import { writeAudit } from '../audit/audit.service';
import type { Principal } from '../auth/auth.types';
import { presentNote } from './application-notes.presenter';
import * as repo from './application-notes.repository';

export async function addNote(db: Db, caller: Principal, input: NoteCreate, lng: string) {
  return db.transaction(async (tx) => {
    const application = await requireApplication(tx, caller.scope, input.id_application);
    const id_application_note = await repo.insertNote(tx, {
      id_school: application.id_school,
      id_application: application.id_application,
      id_user: caller.id_user,
      note: input.note,
    });
    // the note's text stays in the note: the audit says who wrote one, where and when
    await writeAudit(tx, caller, {
      action: 'application.note.create',
      entity: 'application',
      entityId: application.id_application,
      id_school: application.id_school,
      id_campus: application.id_campus,
      changes: { id_application_note },
    });
    return presentNote((await repo.findNote(tx, id_application_note))!, lng);
  });
}

export async function listNotes(db: Db, caller: Principal, id_application: number, lng: string) {
  const application = await requireApplication(db, caller.scope, id_application);
  return (await repo.listNotes(db, application.id_application)).map((n) => presentNote(n, lng));
}
