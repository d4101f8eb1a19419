import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';

// The application itself is looked up (and scoped) with applications/application-ref.service first: these reach its notes by its id.

export type NoteRecord = {
  id_application_note: number;
  id_application: number;
  note: string;
  id_user: number | null;
  authorName: string | null;
  createdAt: Date;
};

const noteColumns = {
  id_application_note: s.applicationNote.id_application_note,
  id_application: s.applicationNote.id_application,
  note: s.applicationNote.note,
  id_user: s.applicationNote.id_user,
  authorName: s.user.name,
  createdAt: s.applicationNote.createdAt,
};

export async function insertNote(
  db: Executor,
  values: { id_school: number; id_application: number; id_user: number; note: string },
) {
  const [row] = await db
    .insert(s.applicationNote)
    .values(values)
    .returning({ id: s.applicationNote.id_application_note });
  return row.id;
}

export async function findNote(db: Executor, id_application_note: number): Promise<NoteRecord | undefined> {
  return (
    await db
      .select(noteColumns)
      .from(s.applicationNote)
      .leftJoin(s.user, eq(s.user.id_user, s.applicationNote.id_user))
      .where(eq(s.applicationNote.id_application_note, id_application_note))
  )[0];
}

/** Newest first. */
export async function listNotes(db: Executor, id_application: number): Promise<NoteRecord[]> {
  return db
    .select(noteColumns)
    .from(s.applicationNote)
    .leftJoin(s.user, eq(s.user.id_user, s.applicationNote.id_user))
    .where(eq(s.applicationNote.id_application, id_application))
    .orderBy(desc(s.applicationNote.createdAt), desc(s.applicationNote.id_application_note));
}
