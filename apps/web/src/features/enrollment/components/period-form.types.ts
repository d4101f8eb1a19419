import type { z } from 'zod';
import type { CampusYearCreateSchema } from '@openseat/shared/schemas/enrollment';

/** The school period form's values as typed, and as the schema reads them. */
export type PeriodFormInput = z.input<typeof CampusYearCreateSchema>;
export type PeriodFormOutput = z.output<typeof CampusYearCreateSchema>;
