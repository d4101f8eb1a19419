import type { AgreementSignature, FamilyRegistrationItem } from '@openseat/shared/schemas/registration';
import { sha256 } from '../../lib/crypto';
import type { ItemRow } from './checklist.repository';
import type { ResponseRow } from './packet.repository';
import type { InviteRow, SignatureRow } from './signature.repository';

/*
 * An agreement as the packet shows it (docs/registration.md): its text in the reader's language and the hash a
 * signature binds to, the signatures of this version, whether a second one is awaited, and an earlier version's
 * signatures as they were made (never carried over: the changed text is signed anew).
 */

type Words = Record<string, string | null | undefined>;
export type AgreementSettings = { text: Words; signers: 'one' | 'two' };
type Agreement = NonNullable<FamilyRegistrationItem['agreement']>;

/** Words in the reader's language, else the English (as `inLanguage` of the packet). */
const wordsIn = (words: Words, lng: string) => words[lng] || words.en || '';

/** The text a guardian reading `lng` is shown, and its SHA-256: what a signature binds to. */
export function agreementText(row: ItemRow, lng: string) {
  const text = wordsIn((row.settings as AgreementSettings).text, lng);
  return { text, documentHash: sha256(text) };
}

export const presentSignature = (row: SignatureRow): AgreementSignature => ({
  id_registration_signature: row.id_registration_signature,
  fullName: row.fullName,
  role: row.role as AgreementSignature['role'],
  signedAt: row.signedAt.toISOString(),
  documentHash: row.documentHash,
  pdfHash: row.pdfHash,
});

/** "m•••@example.org". */
const maskedEmail = (email: string) => {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain ?? ''}`;
};

export type AgreementFacts = {
  items: ItemRow[];
  signatures: SignatureRow[];
  invites: InviteRow[];
};

/** The signatures of one item version that count in its current round. */
export const signaturesOn = (facts: AgreementFacts, id_registration_item: number) =>
  facts.signatures.filter((sig) => sig.id_registration_item === id_registration_item);

export function presentAgreement(
  row: ItemRow,
  response: ResponseRow | undefined,
  facts: AgreementFacts,
  lng: string,
): Agreement {
  const settings = row.settings as AgreementSettings;
  const mine = signaturesOn(facts, row.id_registration_item);
  // a returned agreement is signed again: its signatures are shown until the new round starts
  const signatures = mine.map(presentSignature);
  const complete = mine.length >= (settings.signers === 'two' ? 2 : 1);
  const invite = facts.invites.find((i) => i.id_registration_item === row.id_registration_item);
  return {
    ...agreementText(row, lng),
    signers: settings.signers,
    signatures,
    waiting: settings.signers === 'two' && mine.length === 1 && response?.state !== 'returned',
    invitation:
      invite && !complete ? { email: maskedEmail(invite.email), expiresAt: invite.expiresAt.toISOString() } : null,
    previous: previousSigned(row, facts, lng),
  };
}

/** The nearest earlier version of the item that was signed, with its text as signed and those signatures. */
function previousSigned(row: ItemRow, facts: AgreementFacts, lng: string): Agreement['previous'] {
  const byId = new Map(facts.items.map((i) => [i.id_registration_item, i]));
  for (let at = row.replaces === null ? undefined : byId.get(row.replaces); at;) {
    const signed = signaturesOn(facts, at.id_registration_item);
    if (signed.length) {
      const language = signed[0].language;
      return {
        text: wordsIn((at.settings as AgreementSettings).text, language || lng),
        signatures: signed.map(presentSignature),
      };
    }
    at = at.replaces === null ? undefined : byId.get(at.replaces);
  }
  return null;
}
