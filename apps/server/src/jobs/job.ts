import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import type { Mailer } from '../modules/mail/mail.types';
import type { Secrets } from '../lib/secrets';

/** What a job's handler may use; `jobs` queues follow-up work (a mail) in the handler's own transaction. */
export type JobContext = {
  db: Db;
  config: Config;
  mailer: Mailer;
  secrets: Secrets;
  log: FastifyBaseLogger;
  jobs: JobQueue;
};

export type JobQueue = {
  /**
   * Enqueues through `executor`: pass the request's transaction, and the job exists only if the transaction
   * commits (with the outbox row it will send). Returns the job's id, or null when a job with the same
   * idempotency key is already waiting.
   */
  enqueue<Payload>(
    executor: Executor,
    job: JobDefinition<Payload>,
    payload: Payload,
    options?: { startAfter?: Date },
  ): Promise<string | null>;
};

export type Attempt = {
  /** 1 for the first run, 2 for the first retry... */
  number: number;
  /** No retry follows if this one fails. */
  last: boolean;
};

/**
 * A kind of background work (Documenso's job definitions, Outline's tasks). Processing is at-least-once:
 * a handler must be safe to run again for the same payload (look the work up by its key, skip what is done).
 */
export type JobDefinition<Payload> = {
  /** The pg-boss queue: `area.verb`, e.g. `account-mail.send`. */
  name: string;
  /** Checked when the job is enqueued and again when it runs. Keep it to ids: never secrets or personal data. */
  payload: z.ZodType<Payload>;
  /** Runs after the first failed attempt. */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each later one when `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run that takes longer is failed (and retried). */
  expireInSeconds: number;
  /** The same key while a job waits or runs means the same work: the second enqueue is dropped. */
  idempotencyKey(payload: Payload): string;
  /**
   * Jobs one process takes at once (default 1), run side by side, each succeeding or failing alone: a queue of many
   * small sends (a results day's sign-in mails) goes at this many per poll instead of one a second.
   */
  batchSize?: number;
  /** Runs on its own on this cron (pg-boss schedule, one run per tick across processes), with an empty payload. */
  schedule?: { cron: string; tz?: string };
  handle(payload: Payload, context: JobContext, attempt: Attempt): Promise<void>;
};

export const defineJob = <Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> => definition;
