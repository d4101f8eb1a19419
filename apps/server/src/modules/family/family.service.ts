import { STATUS } from '@openseat/shared/constants';
import type {
  FamilyApplication,
  FamilyApplicationDetail,
  FamilyStage,
  FAMILY_STEPS,
} from '@openseat/shared/schemas/family';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { recordReads } from '../audit/audit.service';
import type { Contact } from './family.contact';
import { rankAmong, waitingFigures, type WaitingFigures } from './family.figures';
import { listMovementOf } from './family.movement';
import * as repo from './family.repository';

/*
 * What a family sees of their applications (docs/family-portal.md): the stage in their words, the progress steps,
 * the waiting place explained, the offer and its deadline. A move whose message is still held (a draw not yet
 * released) is not shown: the family sees the application as it was before it, until the release.
 */

const STAGE_OF: Record<number, FamilyStage> = {
  [STATUS.LEAD]: 'applied',
  [STATUS.LEAD_2]: 'applied',
  [STATUS.LEAD_3]: 'applied',
  [STATUS.CONTACTED]: 'applied',
  [STATUS.APPLIED]: 'applied',
  [STATUS.WAITING_LIST]: 'waiting',
  [STATUS.OFFERED]: 'offered',
  [STATUS.CONFIRMED]: 'accepted',
  [STATUS.ENROLLED]: 'enrolled',
  [STATUS.DECLINED]: 'declined',
  [STATUS.DENIED]: 'closed',
};

type Step = (typeof FAMILY_STEPS)[number];
type StepState = 'done' | 'current' | 'upcoming' | 'skipped';

/** The progress steps of a stage; `drawn`: the application took part in a lottery. */
function stepsOf(stage: FamilyStage, drawn: boolean): Array<{ step: Step; state: StepState }> {
  const lottery: StepState = drawn ? 'done' : stage === 'applied' ? 'upcoming' : 'skipped';
  const states: Record<FamilyStage, [StepState, StepState, StepState, StepState]> = {
    applied: [drawn ? 'done' : 'current', 'upcoming', 'upcoming', 'upcoming'],
    waiting: [lottery, 'current', 'upcoming', 'upcoming'],
    offered: [lottery, 'done', 'current', 'upcoming'],
    accepted: [lottery, 'done', 'done', 'current'],
    enrolled: [lottery, 'done', 'done', 'done'],
    declined: [lottery, 'done', 'done', 'skipped'],
    closed: [lottery, 'skipped', 'skipped', 'skipped'],
  };
  const [l, offer, answer, enrolled] = states[stage];
  return [
    { step: 'applied', state: 'done' },
    { step: 'lottery', state: stage === 'applied' && !drawn ? 'current' : l },
    { step: 'offer', state: offer },
    { step: 'answer', state: answer },
    { step: 'enrolled', state: enrolled },
  ];
}

export type Reads = { db: Db; figures: WaitingFigures; now: Date };

async function rankInGroup(figures: WaitingFigures, app: repo.GuardianApplication, position: number) {
  if (app.id_campus_year === null) return null;
  const group = { id_campus_year: app.id_campus_year, id_grade: app.id_grade, lottery_level: app.lottery_level };
  // a place read fresh against a list kept a few seconds: never past the end of its group
  return Math.max(1, rankAmong(await figures.positions(group), position));
}

/** The key its names are kept by: only the ids they depend on. */
const placeOf = (app: repo.GuardianApplication): repo.Place => ({
  id_campus: app.id_campus,
  id_grade: app.id_grade,
  id_school_year: app.id_school_year,
  id_priority_item: app.id_priority_item,
});

async function present({ db, figures, now }: Reads, app: repo.GuardianApplication): Promise<FamilyApplication> {
  const held = app.held;
  const names = await figures.placeNames(placeOf(app));
  const status = held ? ((await repo.statusBefore(db, app.id_application)) ?? STATUS.APPLIED) : app.id_status;
  const stage = STAGE_OF[status] ?? 'applied';
  const drawn = !held && app.id_lottery !== null;
  const waiting =
    stage === 'waiting' && app.waiting_list_position !== null
      ? {
          position: app.waiting_list_position,
          priorityGroup: names.priorityGroup,
          lotteryNumber: app.lottery_number,
          rankInGroup: await rankInGroup(figures, app, app.waiting_list_position),
          ...(await listMovementOf(figures, app, now)),
        }
      : null;
  const deadline = app.offer_expires_at;
  return {
    id_application: app.id_application,
    child: app.child ?? '',
    school: names.school,
    campus: names.campus,
    grade: names.grade,
    schoolYear: names.schoolYear,
    stage,
    steps: stepsOf(stage, drawn),
    waiting,
    offer:
      stage === 'offered'
        ? {
            deadline: deadline?.toISOString() ?? null,
            timeZone: names.timeZone,
            canAnswer: deadline === null || deadline.getTime() > now.getTime(),
          }
        : null,
    contact: { phone: names.phone, email: names.email },
  };
}

/** The applications as the portal shows them (read by `guardianApplications` or `sessionApplications`). */
export const presentApplications = (reads: Reads, apps: repo.GuardianApplication[]) =>
  Promise.all(apps.map((a) => present(reads, a)));

/**
 * A contact's applications as the portal shows them, read by the contact (the routes read them with the session in
 * one statement, `sessionApplications`); `figures`: the waiting lists' shared figures.
 */
export async function familyApplications(
  db: Db,
  contact: Contact,
  now = new Date(),
  figures = waitingFigures(db),
): Promise<FamilyApplication[]> {
  return presentApplications({ db, figures, now }, await repo.guardianApplications(db, contact));
}

/**
 * The application's page as its guardian opens it (`shownAs`: their contact as the portal shows it): the read is in
 * the record's readers, as a staff member's view is. 404 when it is not the guardian's.
 */
export async function openApplication(reads: Reads, shownAs: string, app: repo.GuardianApplication | undefined) {
  const detail = await applicationDetail(reads, app);
  const { id_school, id_campus, id_application } = app!;
  await recordReads(reads.db, { guardian: shownAs }, 'portal', [{ id_school, id_campus, id_application }]);
  return detail;
}

/** One application as its page shows it, with the messages sent about it: 404 when it is not the guardian's. */
export async function applicationDetail(
  reads: Reads,
  app: repo.GuardianApplication | undefined,
): Promise<FamilyApplicationDetail> {
  if (!app) throw notFound();
  const shown = await present(reads, app);
  const messages = await repo.messagesOf(reads.db, app.id_application);
  return {
    ...shown,
    messages: messages.map((m) => ({
      at: m.at?.toISOString() ?? '',
      channel: m.channel === 'sms' ? ('sms' as const) : ('email' as const),
      subject: m.subject,
    })),
  };
}
