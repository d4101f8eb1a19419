import { z } from 'zod';
import { defineJob } from '../../../jobs/job';
import { commitBatch } from './import-commit';

/**
 * Writes a staged import in one transaction (import-commit.ts, `commitBatch`). A refusal (seats gone since the
 * dry run, a row the database refuses) marks the batch failed at once; any other failure is retried, and the last
 * one marks it failed. Nothing is half-written either way.
 */
export const commitImportJob = defineJob({
  name: 'import.commit',
  payload: z.object({ id_import_batch: z.number().int().positive() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  idempotencyKey: ({ id_import_batch }) => `import-commit:${id_import_batch}`,
  async handle({ id_import_batch }, context, attempt) {
    await commitBatch(context.db, id_import_batch, attempt.last);
  },
});
