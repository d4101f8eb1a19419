import { z } from 'zod';
import { WaitingReasonSchema } from './lottery';

/*
 * The waiting-list contract (docs/api-waiting-list.md): reorder by priorities, manual place, and the rows both
 * answer. Requests are WaitingListReorderSchema and WaitingPlaceSchema (schemas/lottery.ts).
 */

const int = () => z.number().int();

/** One application of a grade's waiting list, in its new order. */
export const WaitingListRowSchema = z.object({
  id_application: int(),
  correlative: int(),
  applicantName: z.string(),
  waiting_list_position: int(),
  id_priority_item: int().nullable(),
  /** The campus priority level it is ordered by (null priority item: the level after the campus's last). */
  priority_level: int(),
  id_lottery: int().nullable(),
  lottery_number: int().nullable(),
  waitingReason: WaitingReasonSchema.nullable(),
});
export type WaitingListRow = z.infer<typeof WaitingListRowSchema>;

/** `POST /application/reorder-waiting-list` and `PUT /application/waiting-list/position`. */
export const WaitingListResultSchema = z
  .object({ message: z.string(), waitingList: z.array(WaitingListRowSchema) })
  .describe("The grade's waiting list after the change, in order");
export type WaitingListResult = z.infer<typeof WaitingListResultSchema>;
