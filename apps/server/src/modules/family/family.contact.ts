import type { Contact } from '../../lib/guardian-contact';

export { contactOf, type Contact } from '../../lib/guardian-contact';

/** The contact as the portal shows it back, mostly hidden: "m•••@example.org", "•••• 0142". */
export function maskedContact({ kind, key }: Contact): string {
  if (kind === 'phone') return `•••• ${key.slice(-4)}`;
  const [name, domain] = key.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}
