/** A server page of a long list: its rows, its size and its total (exact, or `totalExact` false: more than it). */
type CountedPage = { data: readonly unknown[]; total: number; totalExact?: boolean; pageSize: number };

/**
 * The pages a numbered pagination offers. A list counted up to its bound (`totalExact` false) keeps the next page
 * open while pages come back full; a short page is the last (the server then answers the exact total).
 */
export function pagesToOffer(data: CountedPage | undefined, page: number): number {
  if (!data) return 1;
  const counted = Math.max(1, Math.ceil(data.total / data.pageSize));
  return data.totalExact === false && data.data.length === data.pageSize ? Math.max(counted, page + 2) : counted;
}
