import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../../lib/sql';
import { notifyMoves, notifyNewApplication } from '../../modules/notifications/notifications.events';

/**
 * Unread notifications as the campus admin's last moves would have left them (so the bell and the notifications
 * screen are not empty on the demo): three single moves, one bulk move and a lead from a form, told to every
 * other staff member who sees that campus.
 */
export async function seedDemoNotifications(tx: Executor) {
  const [carlos] = rowsOf<{ id_user: number; id_campus: number }>(
    await tx.execute(sql`SELECT id_user, id_campus FROM "user" WHERE email = 'campus@demo.openseat.org'`),
  );
  if (!carlos) return;
  const moves = rowsOf<{ id_application: number; id_campus: number; from: number; to: number }>(
    await tx.execute(sql`
      SELECT DISTINCT ON (a.id_application) a.id_application, a.id_campus, h.id_status_from AS "from", h.id_status AS "to"
      FROM application a JOIN application_status h ON h.id_application = a.id_application
      WHERE a.id_campus = ${carlos.id_campus} AND a.deleted_at IS NULL AND h.id_status_from IS NOT NULL
      ORDER BY a.id_application, h.created_at DESC, h.id_application_status DESC
      LIMIT 8`),
  );
  for (const move of moves.slice(0, 3)) await notifyMoves(tx, [move], carlos.id_user);
  const sameTarget = moves.slice(3).filter((m) => m.to === moves[3]?.to);
  if (sameTarget.length) await notifyMoves(tx, sameTarget, carlos.id_user);
  const [lead] = rowsOf<{ id_application: number }>(
    await tx.execute(sql`
      SELECT id_application FROM application
      WHERE id_campus = ${carlos.id_campus} AND id_status = 1 AND deleted_at IS NULL
      ORDER BY id_application DESC LIMIT 1`),
  );
  if (lead) await notifyNewApplication(tx, lead.id_application, null, 'Fall application (Typeform)');
}
