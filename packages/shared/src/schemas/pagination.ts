import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';
import { booleanFlag, pageNumber, text, wholeNumber } from './rules';

/** Rows per page: 1 to PAGE_SIZE_MAX. */
export const pageSize = wholeNumber(1, PAGE_SIZE_MAX, {
  required: 'required',
  notNumber: 'mustBeNumber',
  notWhole: 'mustBeInteger',
  tooSmall: 'numberOutOfRange',
});

/** The text search of a list: at most 200 characters, trimmed. */
export const searchText = text().trim().max(200, { error: 'tooLong' });

export const PageQuerySchema = z.object({
  page: pageNumber.default(PAGE_DEFAULT),
  pageSize: pageSize.default(PAGE_SIZE_DEFAULT),
  text: searchText.optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/**
 * `exactTotal=true` asks a long list for its exact total, however many rows match; by default it counts up to
 * LIST_TOTAL_BOUND (the answer's `totalExact` then says whether `total` is exact).
 */
export const exactTotal = booleanFlag.optional();

/** `totalExact: false`: more than `total` rows match (a long list counted up to LIST_TOTAL_BOUND); absent: exact. */
export type Page<T> = { data: T[]; total: number; totalExact?: boolean; page: number; pageSize: number };
