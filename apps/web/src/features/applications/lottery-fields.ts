import type { WaitingReason } from '@openseat/shared/schemas/lottery';

/** What the lottery adds to an application row and detail (read defensively: older answers lack them). */
export type LotteryFields = {
  lottery_number?: number | null;
  lottery_level?: number | null;
  offer_expires_at?: string | null;
  waitingReason?: WaitingReason | null;
};

export type Sibling = {
  id_application: number;
  correlative: number;
  applicantName: string;
  grade: string | null;
  id_status: number;
};

export const lotteryFieldsOf = (row: object) => row as LotteryFields;
export const siblingsOf = (detail: object): Sibling[] => (detail as { siblings?: Sibling[] }).siblings ?? [];
