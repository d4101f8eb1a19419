import type { ItemRow } from './checklist.repository';
import type { ResponseRow } from './packet.repository';

/**
 * The response on an item, else on the nearest version it replaced: work done stays bound to what was shown, and the
 * family's packet and the staff's review find it alike. Not for agreements (signature.presenter.ts).
 */
export function latestResponse(items: ItemRow[], responses: ResponseRow[]) {
  const byItem = new Map(responses.map((r) => [r.id_registration_item, r]));
  const byId = new Map(items.map((i) => [i.id_registration_item, i]));
  return (row: ItemRow): ResponseRow | undefined => {
    // a signature binds to the text signed: a changed agreement is signed anew (its earlier signature shown apart)
    if (row.kind === 'agreement') return byItem.get(row.id_registration_item);
    for (let at: ItemRow | undefined = row; at; at = at.replaces === null ? undefined : byId.get(at.replaces)) {
      const found = byItem.get(at.id_registration_item);
      if (found) return found;
    }
    return undefined;
  };
}
