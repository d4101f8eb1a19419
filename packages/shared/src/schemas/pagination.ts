import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';

export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: 'mustBeNumber' }).int({ error: 'mustBeInteger' }).min(0).default(PAGE_DEFAULT),
  pageSize: z.coerce
    .number({ error: 'mustBeNumber' })
    .int({ error: 'mustBeInteger' })
    .min(1)
    .max(PAGE_SIZE_MAX)
    .default(PAGE_SIZE_DEFAULT),
  text: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export type Page<T> = { data: T[]; total: number; page: number; pageSize: number };
