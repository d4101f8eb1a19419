import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LotteryDice,
  LotteryFreeze,
  LotteryLogEntry,
  LotteryPeriod,
  LotteryPlan,
  LotteryRecord,
  LotteryResult,
  LotteryRun,
  LotterySummary,
  LotteryRerun,
  LotteryUnfreeze,
  LotteryVerification,
  MessageHold,
  MessageHoldSchedule,
} from '@openseat/shared/schemas/lottery';
import type { CampusYearGradeRow } from '@openseat/shared/schemas/enrollment';
import { http } from '../../../lib/client';
import { downloadCsv } from '../../../lib/download';
import { periodQuery } from '../../../hooks/periods';
import { applicationKeys, periodKeys } from '../../../lib/query-keys';

/** Answers come as `{ data }` (reads) or `{ message, data }` (writes); a bare body is read as the data itself. */
type Envelope<T> = { message?: string; data: T };
const unwrap = <T>(body: Envelope<T> | T): T =>
  body !== null && typeof body === 'object' && 'data' in (body as object) ? (body as Envelope<T>).data : (body as T);
const messageOf = (body: unknown) =>
  body !== null && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : '';

export const lotteryKeys = {
  all: ['lottery'] as const,
  list: (id_campus_year: number) => ['lottery', 'list', id_campus_year] as const,
  one: (id: number) => ['lottery', id] as const,
  summary: (id: number) => ['lottery', id, 'summary'] as const,
  spots: (id_campus_year: number) => ['lottery', 'spots', id_campus_year] as const,
  plan: (p: LotteryPeriod | null) => ['lottery', 'plan', p?.id_campus ?? 0, p?.id_school_year ?? 0] as const,
  holds: (id_campus: number | null) => ['lottery', 'holds', id_campus ?? 0] as const,
  log: (id_campus_year: number) => ['lottery', 'log', id_campus_year] as const,
};

/** The draws and commitments of a school period, newest first as the server sends them. */
export const useLotteries = (id_campus_year: number | null) =>
  useQuery({
    queryKey: lotteryKeys.list(id_campus_year ?? 0),
    queryFn: async () =>
      unwrap(await http.get<Envelope<LotterySummary[]>>('/lottery', { id_campus_year: id_campus_year! })),
    enabled: id_campus_year !== null,
  });

export const useLotteryRecord = (id: number | null) =>
  useQuery({
    queryKey: lotteryKeys.one(id ?? 0),
    queryFn: async () => unwrap(await http.get<Envelope<LotteryRecord>>(`/lottery/${id}`)),
    enabled: id !== null,
    retry: false,
  });

/** A drawn lottery's answer from its record: counts per grade and the first page of each list. */
export const useLotterySummary = (id: number | null) =>
  useQuery({
    queryKey: lotteryKeys.summary(id ?? 0),
    queryFn: () => http.get<LotteryResult>(`/lottery/${id}/summary`),
    enabled: id !== null,
    retry: false,
  });

/** The seats of each grade (spots, taken, available) for the run-lottery dialog. */
export const useSpots = (id_campus_year: number) =>
  useQuery({
    queryKey: lotteryKeys.spots(id_campus_year),
    queryFn: async () =>
      unwrap(
        await http.get<Envelope<CampusYearGradeRow[]> | CampusYearGradeRow[]>(`/application/spots/${id_campus_year}`),
      ),
  });

export const verifyLottery = async (id: number) =>
  unwrap(await http.get<Envelope<LotteryVerification>>(`/lottery/${id}/verify`));

export const downloadRecordCsv = (id: number) => downloadCsv(`/lottery/${id}/csv`, `lottery-${id}.csv`, {});

/** A practice run's every outcome, as a record file: the server draws it again from its seed (nothing is saved). */
export const downloadPracticeCsv = (p: LotteryPeriod, seed: string, id_campus_year: number) =>
  downloadCsv('/lottery/practice/csv', `lottery-practice-${id_campus_year}.csv`, { ...p, seed });

/** A write that refreshes the lottery, the periods (seats taken) and every application list. */
function useLotteryWrite<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: lotteryKeys.all }),
        client.invalidateQueries({ queryKey: periodKeys.all }),
        client.invalidateQueries({ queryKey: applicationKeys.all }),
      ]),
  });
}

type WithMessage<T> = { message: string; data: T };

const write = async <T>(path: string, body: unknown): Promise<WithMessage<T>> => {
  const res = await http.post<Envelope<T>>(path, body);
  return { message: messageOf(res), data: unwrap(res) };
};

export const useRunLottery = () =>
  useLotteryWrite((run: LotteryRun) => write<LotteryResult>('/application/lottery', run));
/** Practice: the same draw with a fresh seed; nothing of the period is written, only an entry of its log. */
export const usePracticeLottery = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: LotteryPeriod) => write<LotteryResult>('/lottery/practice', p),
    onSuccess: () => client.invalidateQueries({ queryKey: ['lottery', 'log'] }),
  });
};
export const useLateApplications = () =>
  useLotteryWrite(async (p: LotteryPeriod) => ({ message: messageOf(await http.post<unknown>('/lottery/late', p)) }));

/** The school period a lottery screen belongs to (campus and school year of the draw). */
export const useLotteryPeriod = (id_campus_year: number | null) => useQuery(periodQuery(id_campus_year));

/** What a real draw of the period would move now (the confirmation names the families it tells). */
export const useLotteryPlan = (p: LotteryPeriod | null) =>
  useQuery({
    queryKey: lotteryKeys.plan(p),
    queryFn: () =>
      http.get<LotteryPlan>('/lottery/plan', { id_campus: p!.id_campus, id_school_year: p!.id_school_year }),
    enabled: p !== null,
  });

/** The campus's held messages (a draw's offers, held staff moves), newest first. */
export const useMessageHolds = (id_campus: number | null) =>
  useQuery({
    queryKey: lotteryKeys.holds(id_campus),
    queryFn: async () =>
      unwrap(await http.get<Envelope<MessageHold[]> | MessageHold[]>('/lottery/holds', { id_campus: id_campus! })),
    enabled: id_campus !== null,
  });

export const useReleaseHold = () =>
  useLotteryWrite((id: number) => write<MessageHold>(`/lottery/holds/${id}/release`, undefined));

export const useScheduleRelease = () =>
  useLotteryWrite(async ({ id, ...body }: MessageHoldSchedule & { id: number }) => {
    const res = await http.put<Envelope<MessageHold>>(`/lottery/holds/${id}/release-at`, body);
    return { message: messageOf(res), data: unwrap(res) };
  });

// ---- v2: freeze, unfreeze, dice, the period's public log (docs/api-lottery.md) ----

/** Fixes the period's inputs and the draw's source of randomness (a drand round or public dice). */
export const useFreezeLottery = () =>
  useLotteryWrite((body: LotteryFreeze) => write<LotterySummary>('/lottery/freeze', body));

/** Gives the inputs back to editing; the reason goes to the period's public log. */
export const useUnfreezeLottery = () =>
  useLotteryWrite((body: LotteryUnfreeze) => write<LotterySummary>('/lottery/unfreeze', body));

/** Sets the period's untold draw aside (superseded, its moves undone); the reason goes to the public log. */
export const useRerunLottery = () =>
  useLotteryWrite((body: LotteryRerun) => write<LotterySummary>('/lottery/rerun', body));

/** One staff user's entry of the dice rolled at the meeting: the first is recorded, a second by another user confirms. */
export const useEnterDice = () =>
  useLotteryWrite(({ id, ...body }: LotteryDice & { id: number }) =>
    write<LotterySummary>(`/lottery/${id}/dice`, body),
  );

export type LotteryLog = { publicToken: string | null; entries: LotteryLogEntry[] };

/** The period's hash-chained log (freeze, unfreeze, practice, draw, rerun), and the token of its public page. */
export const useLotteryLog = (id_campus_year: number | null) =>
  useQuery({
    queryKey: lotteryKeys.log(id_campus_year ?? 0),
    queryFn: async () =>
      unwrap(await http.get<Envelope<LotteryLog> | LotteryLog>('/lottery/log', { id_campus_year: id_campus_year! })),
    enabled: id_campus_year !== null,
  });
