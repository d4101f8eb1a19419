import { z } from 'zod';

/*
 * The family portal's calls (docs/family-portal.md; issue 24): a guardian signs in without a password, with a one-time
 * link or code sent to the e-mail or phone on their applications, and sees those applications only, in plain words
 * and in their language. Every call is under `/api/family`, with the portal's own session cookie (never a staff token).
 */

/** The languages of the portal and of every message a family receives (staff screens keep English and Spanish). */
export const FAMILY_LANGUAGES = ['en', 'es', 'vi', 'zh', 'ht', 'ar'] as const;
export type FamilyLanguage = (typeof FAMILY_LANGUAGES)[number];
/** Written right to left. */
export const RTL_LANGUAGES: readonly FamilyLanguage[] = ['ar'];

/** Minutes a sign-in link or code is valid; it is good for one sign-in only. */
export const FAMILY_LINK_MINUTES = 30;
/**
 * Days the portal link in a message about an application (`{{portal_link}}`) stays good for one sign-in: a family
 * reads an offer days after it was sent. Once spent or expired, the link still leads to the sign-in screen.
 */
export const FAMILY_MESSAGE_LINK_DAYS = 7;
/** Hours a portal session lasts without a new sign-in. */
export const FAMILY_SESSION_HOURS = 12;

const contact = z
  .string({ error: 'invalidValue' })
  .trim()
  .min(3, { error: 'familyContactInvalid' })
  .max(254, { error: 'familyContactInvalid' });
const language = z.enum(FAMILY_LANGUAGES, { error: 'invalidValue' });

/**
 * `POST /family/sign-in`: sends a link (e-mail) or a 6-digit code (text message) to the guardian contact. The answer
 * is the same whether or not any application has that contact, so nobody learns who applied.
 */
export const FamilySignInSchema = z.object({ contact, lng: language.optional() });
export type FamilySignIn = z.infer<typeof FamilySignInSchema>;

/** `POST /family/session`: opens a session from the link's token, or from the contact and the code. */
export const FamilySessionRequestSchema = z.union([
  z.object({
    token: z.string({ error: 'invalidValue' }).regex(/^[A-Za-z0-9_-]{32,64}$/, { error: 'familyLinkInvalid' }),
  }),
  z.object({ contact, code: z.string({ error: 'invalidValue' }).regex(/^\d{6}$/, { error: 'familyCodeInvalid' }) }),
]);
export type FamilySessionRequest = z.infer<typeof FamilySessionRequestSchema>;

/** `GET /family/session`: who is signed in (the contact shown partly hidden) and their chosen language. */
export const FamilySessionSchema = z.object({
  /** "m•••@example.org", "•••• 0142". */
  contact: z.string(),
  lng: language,
});
export type FamilySession = z.infer<typeof FamilySessionSchema>;

/** `PUT /family/language`: the guardian's language, remembered for the portal and for their messages. */
export const FamilyLanguageSchema = z.object({ lng: language });

/**
 * Where an application stands, in a family's words (not the staff's status codes): applied (in review or waiting for
 * the lottery), waiting (on the waiting list), offered (a seat to answer), accepted (confirmed), enrolled, declined (by
 * the family, or an offer that lapsed), closed (not admitted, or withdrawn).
 */
export const FAMILY_STAGES = ['applied', 'waiting', 'offered', 'accepted', 'enrolled', 'declined', 'closed'] as const;
export type FamilyStage = (typeof FAMILY_STAGES)[number];

/** The progress steps shown for every application, in order. */
export const FAMILY_STEPS = ['applied', 'lottery', 'offer', 'answer', 'enrolled'] as const;
export const FamilyStepSchema = z.object({
  step: z.enum(FAMILY_STEPS),
  state: z.enum(['done', 'current', 'upcoming', 'skipped']),
});

/**
 * Offers made from a grade's waiting list in one week (Monday to Sunday, UTC). Week 1 is the week the list took its
 * first family in that period, so two seasons compare week for week; a week without offers is not listed.
 */
const FamilyWeekMovedSchema = z.object({ week: z.number().int().positive(), moved: z.number().int() });

/** A waiting place explained: where it is, what decides the order, and nothing about any other applicant. */
export const FamilyWaitingSchema = z.object({
  /** 1 is next. */
  position: z.number().int(),
  /** The priority group's name (the school's own words), or null without priorities. */
  priorityGroup: z.string().nullable(),
  lotteryNumber: z.number().int().nullable(),
  /** Rank inside the priority group after the lottery (1 = first of the group). */
  rankInGroup: z.number().int().nullable(),
  /** How far the grade's list moved each week this season: offers made from it (no names, no ids). */
  movedPerWeek: z.array(FamilyWeekMovedSchema.extend({ weekStart: z.string() })),
  /** This season's week today, counted as `week` (null when the list has no start on record). */
  thisWeek: z.number().int().positive().nullable(),
  /**
   * The same grade's list at the same campus in the campus's previous school period (its school year named), counted
   * alike; null when there is none, or it had no waiting list for the grade.
   */
  lastSeason: z.object({ schoolYear: z.string(), movedPerWeek: z.array(FamilyWeekMovedSchema) }).nullable(),
});
export type FamilyWaiting = z.infer<typeof FamilyWaitingSchema>;

/** An offer to answer: its deadline as an instant and the school's time zone to show it in. */
export const FamilyOfferSchema = z.object({
  deadline: z.string().nullable(),
  timeZone: z.string(),
  /** Whether the family can still answer online (before the deadline, and the offer still open). */
  canAnswer: z.boolean(),
});

/** One application as its family sees it. */
export const FamilyApplicationSchema = z.object({
  id_application: z.number().int(),
  /** The child's first name (the family's own child). */
  child: z.string(),
  school: z.string(),
  campus: z.string(),
  grade: z.string().nullable(),
  schoolYear: z.string().nullable(),
  stage: z.enum(FAMILY_STAGES),
  steps: z.array(FamilyStepSchema),
  waiting: FamilyWaitingSchema.nullable(),
  offer: FamilyOfferSchema.nullable(),
  /** The campus's phone and e-mail, for questions. */
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable() }),
});
export type FamilyApplication = z.infer<typeof FamilyApplicationSchema>;

/** A message the family received about this application (from the outbox's log: sent ones only). */
export const FamilyMessageSchema = z.object({
  at: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string().nullable(),
});

/** `GET /family/applications/:id`: the application with the messages the family received about it, newest first. */
export const FamilyApplicationDetailSchema = FamilyApplicationSchema.extend({
  messages: z.array(FamilyMessageSchema),
});
export type FamilyApplicationDetail = z.infer<typeof FamilyApplicationDetailSchema>;

export const FamilyApplicationParamsSchema = z.object({
  id: z.coerce.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).positive({ error: 'invalidValue' }),
});

/** `POST /family/applications/:id/answer`: accept the offered seat, or decline it with one of the school's reasons. */
export const FamilyAnswerSchema = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('accept') }),
  z.object({ answer: z.literal('decline'), id_decline_reason: z.number({ error: 'invalidValue' }).int().positive() }),
]);
export type FamilyAnswer = z.infer<typeof FamilyAnswerSchema>;

/** `GET /family/applications/:id/decline-reasons`: the reasons the school offers, in the guardian's language. */
export const FamilyDeclineReasonSchema = z.object({ id_decline_reason: z.number().int(), label: z.string() });
export type FamilyDeclineReason = z.infer<typeof FamilyDeclineReasonSchema>;
