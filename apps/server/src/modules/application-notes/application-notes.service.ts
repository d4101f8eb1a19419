import type { NoteCreate } from '@openseat/shared/schemas/application-records';
import type { Db } from '../../db/client';
import { requireApplication } from '../applications/application-ref.service';
import { writeAudit } from '../audit/audit.service';
import type { Principal } from '../auth/auth.types';
import * as repo from './application-notes.repository';

export async function addNote(db: Db, caller: Principal, input: NoteCreate) {
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
    return (await repo.findNote(tx, id_application_note))!;
  });
}

export async function listNotes(db: Db, caller: Principal, id_application: number) {
  const application = await requireApplication(db, caller.scope, id_application);
  return repo.listNotes(db, application.id_application);
}
