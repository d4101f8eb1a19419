import { STATUSES } from '@openseat/shared/constants';
import type { FamilyApplication } from '@openseat/shared/schemas/family';
import type { FamilyRegistration } from '@openseat/shared/schemas/registration';
import type * as repo from './family-export.repository';

/*
 * What `family.json` holds of each application (docs/privacy.md, "Export on request"): what the family gave (the
 * applicant's and guardian's fields, form and registration answers, offer answers, files) and what they were told
 * (where it stands, its history, its waiting place and offer deadline, the messages sent, the portal's own view).
 * Staff-only data (internal notes, who made a move, tags, readers) is not read at all.
 */

const statusLabel = (id_status: number | null) =>
  id_status === null ? null : (STATUSES.find((s) => s.id_status === id_status)?.label ?? String(id_status));

const iso = (at: Date | null) => at?.toISOString() ?? null;

type History = Awaited<ReturnType<typeof repo.statusHistoryOf>>;
type Messages = Awaited<ReturnType<typeof repo.messagesOf>>;
type FormAnswers = Awaited<ReturnType<typeof repo.formAnswersOf>>;
type OfferAnswers = Awaited<ReturnType<typeof repo.offerAnswersOf>>;

/** A file as `family.json` lists it: where it is in the zip, or `missing` when it was gone from storage. */
export type ListedFile = { kind: string; name: string; mimeType: string; uploadedAt: string; path: string | null };

export type ApplicationParts = {
  app: repo.FamilyApplicationRow;
  history: History;
  messages: Messages;
  formAnswers: FormAnswers;
  offerAnswers: OfferAnswers;
  files: ListedFile[];
  registration: FamilyRegistration | null;
  portal: FamilyApplication | null;
};

/**
 * One application as exported. A move still held for a release (a draw's results not yet presented) is left out, as
 * the portal leaves it out: the family has not been told of it, and the export must not tell them first.
 */
export function presentApplication(parts: ApplicationParts) {
  const { app } = parts;
  const history = app.held ? parts.history.slice(0, -1) : parts.history;
  const id_status = app.held ? (parts.history.at(-1)?.id_status_from ?? null) : app.id_status;
  return {
    id_application: app.id_application,
    correlative: app.correlative,
    createdAt: app.createdAt.toISOString(),
    school: app.school,
    campus: app.campus,
    schoolYear: app.schoolYear,
    grade: app.grade,
    priorityGroup: app.priorityGroup,
    status: statusLabel(id_status),
    waitingListPosition: app.held ? null : app.waiting_list_position,
    lotteryNumber: app.held ? null : app.lottery_number,
    offerDeadline: app.held ? null : iso(app.offer_expires_at),
    applicant: app.applicant,
    guardian: app.guardian,
    statusHistory: history.map((h) => ({
      at: h.at.toISOString(),
      status: statusLabel(h.id_status),
      from: statusLabel(h.id_status_from),
      waitingListPosition: h.waiting_list_position,
    })),
    formAnswers: parts.formAnswers.map((f) => ({ at: f.at.toISOString(), answers: f.answers })),
    offerAnswers: parts.offerAnswers.map((o) => ({ at: o.at.toISOString(), answer: o.answer, reason: o.reason })),
    registration: parts.registration,
    messages: parts.messages.map((m) => ({
      sentAt: iso(m.sentAt),
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
    })),
    files: parts.files,
    /** The application as the family portal shows it to its guardian (null: no contact to sign in with). */
    portal: parts.portal,
  };
}

/** Consent to texts of one phone at the school: the history only, without staff names or staff's notes. */
export function presentConsent(consent: {
  phone: string;
  granted: boolean;
  history: Array<{ granted: boolean; source: string; at: Date }>;
}) {
  return {
    phone: consent.phone,
    granted: consent.granted,
    history: consent.history.map((h) => ({ granted: h.granted, source: h.source, at: h.at.toISOString() })),
  };
}
