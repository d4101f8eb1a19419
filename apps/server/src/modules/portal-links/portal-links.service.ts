import { randomBytes } from 'node:crypto';
import { PORTAL_LINK_PLACEHOLDER } from '@openseat/shared/communication';
import { FAMILY_MESSAGE_LINK_DAYS } from '@openseat/shared/schemas/family';
import type { Executor } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { contactOf } from '../../lib/guardian-contact';
import { insertMessageSignIn } from './portal-links.repository';

/*
 * `{{portal_link}}` in a message about an application: the family portal's page of that application, signed in.
 * The outbox keeps the placeholder (staff read the outbox; a sign-in in it would let them act as the family); the
 * link and its one-time sign-in are made as the message is sent, for its recipient only (docs/family-portal.md).
 */

export type LinkedMessage = {
  id_application: number | null;
  recipient: string;
  body: string;
  html: string | null;
};

/** The message with its portal links filled in; the same message when it has none. */
export async function withPortalLinks<M extends LinkedMessage>(
  db: Executor,
  publicUrl: string,
  message: M,
  now = new Date(),
): Promise<M> {
  const uses = (text: string | null) => text?.includes(PORTAL_LINK_PLACEHOLDER) ?? false;
  if (!uses(message.body) && !uses(message.html)) return message;
  const link = await portalLinkOf(db, publicUrl, message, now);
  const fill = (text: string) => text.replaceAll(PORTAL_LINK_PLACEHOLDER, link);
  return { ...message, body: fill(message.body), html: message.html === null ? null : fill(message.html) };
}

const TOKEN_BYTES = 32;

/**
 * What a template's preview shows for `{{portal_link}}`: a link of the very length a family gets (so the SMS counter
 * counts it), with no sign-in behind it; the real one is made as the message is sent.
 */
export const specimenPortalLink = (publicUrl: string, id_application: number) =>
  `${publicUrl}/family/link/${'X'.repeat(Math.ceil((TOKEN_BYTES * 4) / 3))}?to=${id_application}`;

/**
 * The application's page in the portal, through a one-time sign-in when the recipient is its guardian contact;
 * else the page itself (the portal asks them to sign in), or the portal's front door for a message about no application.
 */
async function portalLinkOf(db: Executor, publicUrl: string, message: LinkedMessage, now: Date): Promise<string> {
  if (message.id_application === null) return `${publicUrl}/family`;
  const page = `${publicUrl}/family/applications/${message.id_application}`;
  const contact = contactOf(message.recipient);
  if (!contact) return page;
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const signedIn = await insertMessageSignIn(db, {
    id_application: message.id_application,
    contact,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + FAMILY_MESSAGE_LINK_DAYS * 86_400_000),
  });
  return signedIn ? `${publicUrl}/family/link/${token}?to=${message.id_application}` : page;
}
