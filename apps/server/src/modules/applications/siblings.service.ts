/*
 * Siblings: applications of one school period whose guardians share an e-mail or a phone number (normalised) are one
 * family. Families link transitively (A shares an e-mail with B, B a phone with C: one family of three), and a family
 * is named by its smallest application id, so the same applications always give the same family numbers.
 */

export type FamilyContact = {
  id_application: number;
  guardianEmail: string | null;
  guardianPhoneNumber: string | null;
};

/** Lower case without spaces; null when it is not an address. */
export function normalizeEmail(value: string | null): string | null {
  const email = value?.trim().toLowerCase().replace(/\s+/g, '') ?? '';
  return email.includes('@') ? email : null;
}

/** The last 10 digits (a national number without its country code); null under 7 digits. */
export function normalizePhone(value: string | null): string | null {
  const digits = value?.replace(/\D/g, '') ?? '';
  return digits.length >= 7 ? digits.slice(-10) : null;
}

/** Family of each application: the smallest id of its family, or null for an application without siblings. */
export function familiesOf(rows: FamilyContact[]): Map<number, number | null> {
  const parent = new Map<number, number>(rows.map((r) => [r.id_application, r.id_application]));
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const union = (x: number, y: number) => {
    const [rx, ry] = [find(x), find(y)];
    if (rx !== ry) parent.set(Math.max(rx, ry), Math.min(rx, ry));
  };
  const firstWith = new Map<string, number>();
  for (const row of rows) {
    const keys = [normalizeEmail(row.guardianEmail), normalizePhone(row.guardianPhoneNumber)];
    keys.forEach((key, i) => {
      if (key === null) return;
      const tagged = `${i}:${key}`;
      const seen = firstWith.get(tagged);
      if (seen === undefined) firstWith.set(tagged, row.id_application);
      else union(seen, row.id_application);
    });
  }
  const size = new Map<number, number>();
  for (const row of rows) size.set(find(row.id_application), (size.get(find(row.id_application)) ?? 0) + 1);
  return new Map(
    rows.map((r) => {
      const root = find(r.id_application);
      return [r.id_application, (size.get(root) ?? 0) > 1 ? root : null];
    }),
  );
}
