import { z } from 'zod';
import { FAMILY_LANGUAGES, type FamilyLanguage } from './family';
import { id, optionalText, requiredText } from './rules';

/*
 * The reasons a family may give when it declines an offer in the portal (issue 24; docs/family-portal.md). Each school
 * edits its own list; until it has one, the built-in list applies. A label is written in the six family languages:
 * English is required, the others fall back to it.
 */

/** The most reasons a school may list: the portal shows them all as one choice. */
export const DECLINE_REASONS_MAX = 12;
/** The longest label, in characters (after trimming). */
export const DECLINE_REASON_LABEL_MAX = 120;

/** The languages besides English, in the order the staff screen shows them. */
export const DECLINE_REASON_OTHER_LANGUAGES = FAMILY_LANGUAGES.filter((l) => l !== 'en') as Exclude<
  FamilyLanguage,
  'en'
>[];

const otherLabel = optionalText(DECLINE_REASON_LABEL_MAX).optional();

export const DeclineReasonLabelsSchema = z.object({
  en: requiredText(DECLINE_REASON_LABEL_MAX),
  es: otherLabel,
  vi: otherLabel,
  zh: otherLabel,
  ht: otherLabel,
  ar: otherLabel,
});

/** `GET /decline-reasons`: the caller's school when `id_school` is absent. */
export const DeclineReasonsQuerySchema = z.object({ id_school: id.optional() });

/**
 * `PUT /decline-reasons`: replaces the school's own list; the order is the order families see. An empty list goes
 * back to the built-in reasons. Answers keep the reasons they gave: old rows are retired, never deleted.
 */
export const DeclineReasonsRequestSchema = z.object({
  id_school: id,
  reasons: z
    .array(z.object({ labels: DeclineReasonLabelsSchema }), { error: 'invalidValue' })
    .max(DECLINE_REASONS_MAX, { error: 'declineReasonsTooMany' }),
});
export type DeclineReasonsRequest = z.infer<typeof DeclineReasonsRequestSchema>;

const labels = z.object({
  en: z.string(),
  es: z.string().optional(),
  vi: z.string().optional(),
  zh: z.string().optional(),
  ht: z.string().optional(),
  ar: z.string().optional(),
});
export type DeclineReasonLabels = z.infer<typeof labels>;

export const DeclineReasonRowSchema = z.object({
  id_decline_reason: z.number().int(),
  /** Only the languages written; a missing one shows the English label to the family. */
  labels,
});
export type DeclineReasonRow = z.infer<typeof DeclineReasonRowSchema>;

export const DeclineReasonsSchema = z
  .object({
    id_school: z.number().int(),
    /** True while the school has no list of its own and families see the built-in reasons. */
    builtIn: z.boolean(),
    reasons: z.array(DeclineReasonRowSchema),
  })
  .describe('The decline reasons a school offers families, in order');
export type DeclineReasons = z.infer<typeof DeclineReasonsSchema>;
