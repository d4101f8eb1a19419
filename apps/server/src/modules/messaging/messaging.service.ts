import { STATUS } from '@openseat/shared/constants';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import type {
  OutboxQuery,
  SendEmailRequest,
  SendMultipleRequest,
  CommunicationQuery,
} from '@openseat/shared/schemas/communication';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import type { Db } from '../../db/client';
import { countingOf, totalAfterPage } from '../../db/bounded-count';
import type { JobQueue } from '../../jobs/job';
import { writeAudit } from '../audit/audit.service';
import { badRequest, forbidden, notFound, conflict } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { queueMessages, type MessageDraft } from '../communication/outbox.service';
import { recipientsOf } from '../communication/recipients.service';
import { renderEmail, renderSms } from '../communication/render.service';
import { presentBatch, presentEntry, presentOutboxEntry } from './messaging.presenter';
import { copyOfMessage } from './message-copy';
import * as repo from './messaging.repository';

export type MessagingDeps = { db: Db; jobs: JobQueue };

const noRecipient = () => conflict('noRecipient');

/** The key a manual send's Idempotency-Key header becomes: the caller's and the route's, so keys never collide. */
export const manualKey = (caller: Principal, route: string, header: string | undefined) =>
  header ? `manual:${caller.id_user}:${route}:${header.slice(0, 200)}` : undefined;

async function requireApplication(
  db: Db | Parameters<typeof repo.applicationsInScope>[0],
  caller: Principal,
  id: number,
) {
  const [application] = await repo.applicationsInScope(db, caller.scope, [id]);
  if (!application) throw notFound();
  return application;
}

/** A custom e-mail to the guardian of one application (merge fields filled in), sent once per Idempotency-Key. */
export async function sendEmail(deps: MessagingDeps, caller: Principal, input: SendEmailRequest, key?: string) {
  await deps.db.transaction(async (tx) => {
    const application = await requireApplication(tx, caller, input.id_application);
    const recipient = (await recipientsOf(tx, [application.id_application])).get(application.id_application);
    if (!recipient?.email) throw noRecipient();
    const content = renderEmail({ subject: input.subject, text: input.text, html: null }, recipient);
    const ids = await queueMessages(tx, deps.jobs, [
      {
        id_school: application.id_school,
        id_campus: application.id_campus,
        id_application: application.id_application,
        channel: 'email',
        id_message_type: MESSAGE_TYPE.MANUALLY_SENT,
        recipient: recipient.email,
        subject: content.subject,
        body: content.body,
        lng: recipient.lng,
        id_user: caller.id_user,
        key,
      },
    ]);
    // the same Idempotency-Key again queues nothing and leaves no second audit row
    if (ids.length === 0) return;
    await writeAudit(tx, caller, {
      action: 'message.send',
      entity: 'application',
      entityId: application.id_application,
      id_school: application.id_school,
      id_campus: application.id_campus,
      changes: { id_message: ids[0], subject: input.subject },
    });
  });
}

/**
 * One message per application of a list selection, in one transaction: all ids must be live applications the
 * caller sees (else 404 naming the missing ones and nothing is written). The declined list's "send message to
 * declined" needs its own permission instead of the applications list's, and only declined applications.
 */
export async function sendMultiple(deps: MessagingDeps, caller: Principal, input: SendMultipleRequest, key?: string) {
  const declined = input.list === 'declined';
  const allowed = declined
    ? caller.ability.can('send_message_to_declined', 'declined_list')
    : caller.ability.can('send_custom_email', 'applications');
  if (!allowed) throw forbidden();
  if (input.channel === 'email' && !input.subject)
    throw badRequest('subjectRequired', [{ path: 'subject', message: 'subjectRequired' }]);
  const ids = [...new Set(input.ids)];
  return deps.db.transaction(async (tx) => {
    if (key) {
      const earlier = await repo.batchOfKeyPrefix(tx, `${key}:`);
      if (earlier !== null) return requireBatch(deps.db, caller, earlier, tx);
    }
    const found = await repo.applicationsInScope(tx, caller.scope, ids);
    if (found.length !== ids.length) {
      const seen = new Set(found.map((a) => a.id_application));
      const missing = ids.filter((id) => !seen.has(id));
      throw notFound(missing.slice(0, 100).map((id) => ({ path: `ids.${id}`, message: 'notFound' })));
    }
    if (declined && found.some((a) => a.id_status !== STATUS.DECLINED))
      throw badRequest('notDeclined', [{ path: 'ids', message: 'notDeclined' }]);
    const schools = new Set(found.map((a) => a.id_school));
    if (schools.size > 1) throw badRequest('invalidValue', [{ path: 'ids', message: 'invalidValue' }]);
    const first = found[0];
    const id_message_batch = await repo.insertBatch(tx, {
      id_school: first.id_school,
      id_campus: first.id_campus,
      id_user: caller.id_user,
      channel: input.channel,
      requested: ids.length,
    });
    const recipients = await recipientsOf(tx, ids);
    const drafts: MessageDraft[] = [];
    for (const application of found) {
      const r = recipients.get(application.id_application);
      const address = input.channel === 'email' ? r?.email : r?.phone;
      if (!r || !address) continue;
      const base = {
        id_school: application.id_school,
        id_campus: application.id_campus,
        id_application: application.id_application,
        id_message_type: MESSAGE_TYPE.MANUALLY_SENT,
        recipient: address,
        lng: r.lng,
        id_user: caller.id_user,
        id_message_batch,
        bulk: true,
        key: key ? `${key}:${application.id_application}` : undefined,
      };
      if (input.channel === 'email') {
        const content = renderEmail({ subject: input.subject, text: input.text, html: null }, r);
        drafts.push({ ...base, channel: 'email', subject: content.subject, body: content.body });
      } else drafts.push({ ...base, channel: 'sms', body: renderSms(input.text, r) });
    }
    await queueMessages(tx, deps.jobs, drafts);
    await writeAudit(tx, caller, {
      action: declined ? 'message.send_declined' : 'message.send_multiple',
      entity: 'message_batch',
      entityId: id_message_batch,
      id_school: first.id_school,
      id_campus: first.id_campus,
      changes: { channel: input.channel, requested: ids.length, subject: input.subject },
    });
    return requireBatch(deps.db, caller, id_message_batch, tx);
  });
}

async function requireBatch(
  _db: Db,
  caller: Principal,
  id: number,
  executor: Parameters<typeof repo.batchProgress>[0],
) {
  const batch = await repo.batchProgress(executor, caller.scope, id);
  if (!batch) throw notFound();
  return presentBatch(batch);
}

export const getBatch = (db: Db, caller: Principal, id: number) => requireBatch(db, caller, id, db);

/** The same message again (same recipient, subject and body), as a new message with a key of its own. */
export async function resend(deps: MessagingDeps, caller: Principal, id_message: number) {
  await deps.db.transaction(async (tx) => {
    const message = await repo.findMessage(tx, caller.scope, id_message);
    if (!message) throw notFound();
    const [id] = await queueMessages(tx, deps.jobs, [copyOfMessage(message, caller.id_user)]);
    await writeAudit(tx, caller, {
      action: 'message.resend',
      entity: 'message',
      entityId: id,
      id_school: message.id_school,
      id_campus: message.id_campus,
      changes: { from: id_message },
    });
  });
}

const FORM_MAIL: Record<FamilyLanguage, { subject: string; text: (link: string, name: string) => string }> = {
  en: {
    subject: 'Your application form',
    text: (link, name) => `Hello,\n\nHere is the link to the application form of ${name}:\n\n${link}\n\nThank you.`,
  },
  es: {
    subject: 'Su formulario de solicitud',
    text: (link, name) => `Hola:\n\nEste es el enlace al formulario de solicitud de ${name}:\n\n${link}\n\nGracias.`,
  },
  vi: {
    subject: 'Mẫu đơn đăng ký của quý vị',
    text: (link, name) => `Xin chào,\n\nĐây là đường dẫn đến mẫu đơn đăng ký của ${name}:\n\n${link}\n\nXin cảm ơn.`,
  },
  zh: {
    subject: '您的申请表',
    text: (link, name) => `您好：\n\n这是${name}申请表的链接：\n\n${link}\n\n谢谢。`,
  },
  ht: {
    subject: 'Fòmilè aplikasyon ou',
    text: (link, name) => `Bonjou,\n\nMen lyen fòmilè aplikasyon ${name}:\n\n${link}\n\nMèsi.`,
  },
  ar: {
    subject: 'استمارة طلب الالتحاق',
    text: (link, name) => `مرحبًا،\n\nإليكم رابط استمارة طلب الالتحاق بـ${name}:\n\n${link}\n\nشكرًا لكم.`,
  },
};

/** E-mails the guardian the campus's application form link, in the guardian's language. */
export async function resendForm(deps: MessagingDeps, caller: Principal, id_application: number) {
  await deps.db.transaction(async (tx) => {
    const application = await requireApplication(tx, caller, id_application);
    const recipient = (await recipientsOf(tx, [application.id_application])).get(application.id_application);
    if (!recipient) throw notFound();
    const link = await repo.applicationFormUrl(
      tx,
      application.id_school,
      application.id_campus,
      recipient.id_campus_year,
    );
    if (!link) throw conflict('noApplicationForm');
    if (!recipient.email) throw noRecipient();
    const mail = FORM_MAIL[recipient.lng];
    const [id] = await queueMessages(tx, deps.jobs, [
      {
        id_school: application.id_school,
        id_campus: application.id_campus,
        id_application: application.id_application,
        channel: 'email',
        id_message_type: MESSAGE_TYPE.MANUALLY_SENT,
        recipient: recipient.email,
        subject: mail.subject,
        body: mail.text(link, recipient.values.campus_name ?? ''),
        lng: recipient.lng,
        id_user: caller.id_user,
      },
    ]);
    await writeAudit(tx, caller, {
      action: 'message.resend_form',
      entity: 'application',
      entityId: application.id_application,
      id_school: application.id_school,
      id_campus: application.id_campus,
      changes: { id_message: id },
    });
  });
}

export async function communicationLog(db: Db, caller: Principal, query: CommunicationQuery) {
  const application = await requireApplication(db, caller, query.id_application);
  const { rows, total } = await repo.applicationLog(db, application, query.page, query.pageSize);
  return { data: rows.map(presentEntry), total: total.total, page: query.page, pageSize: query.pageSize };
}

/** Every school's outbox: for system users (the SuperAdmin), who look after delivery for all schools. */
export async function outbox(db: Db, caller: Principal, query: OutboxQuery) {
  if (caller.scope.id_school !== null) throw forbidden();
  const { rows, total } = await repo.outbox(
    db,
    caller.scope,
    { status: query.status, channel: query.channel, id_school: query.id_school },
    query.page,
    query.pageSize,
    countingOf(query.exactTotal),
  );
  return {
    data: rows.map(presentOutboxEntry),
    ...totalAfterPage(total, query.page * query.pageSize, query.pageSize, rows.length),
    page: query.page,
    pageSize: query.pageSize,
  };
}
