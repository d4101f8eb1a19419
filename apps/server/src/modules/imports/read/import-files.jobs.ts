import { z } from 'zod';
import { defineJob } from '../../../jobs/job';
import { forgetOldImportFiles } from './import-files.service';

/** Every night, the import files past their days (IMPORT_FILE_DAYS) leave the database and the disk. */
export const forgetImportFilesJob = defineJob({
  name: 'import.forget-files',
  payload: z.object({}).loose(),
  retryLimit: 2,
  retryDelaySeconds: 600,
  retryBackoff: false,
  expireInSeconds: 10 * 60,
  idempotencyKey: () => 'import:forget-files',
  schedule: { cron: '45 3 * * *', tz: 'UTC' },
  async handle(_payload, context) {
    const removed = await forgetOldImportFiles(context.db, context.config.dataDir);
    if (removed) context.log.info({ removed }, 'old import files removed');
  },
});
