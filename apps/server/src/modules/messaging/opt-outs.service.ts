import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { scopeDatabaseTo } from '../../lib/database-scope';
import { unauthorized, notFound } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import { addressKey, recordDelivery } from '../communication/outbox.service';
import { schoolsOfCampusPhone } from '../communication/sms-senders.service';
import { recordSmsConsent } from '../communication/sms-consent.service';
import { smsAccountOf } from '../communication/transports.service';
import { readUnsubscribeToken } from '../communication/unsubscribe.service';
import * as repo from './messaging.repository';

/*
 * Opt-outs and provider callbacks: the unsubscribe link of bulk mail (RFC 8058 one-click, or the page's button),
 * and Twilio's delivery reports and inbound replies (STOP / START), both signed with the account's auth token.
 */

export type OptOutDeps = { db: Db; config: Config; secrets: Secrets };

// ---- e-mail unsubscribe ----

function readToken(deps: OptOutDeps, token: string) {
  const read = readUnsubscribeToken(deps.secrets, token);
  if (!read) throw notFound();
  scopeDatabaseTo(read.id_school);
  return read;
}

/** The address a link would unsubscribe: a GET only shows it (a link scanner that follows it unsubscribes nobody). */
export function unsubscribeAddress(deps: OptOutDeps, token: string): string {
  return readToken(deps, token).address;
}

/** Records the opt-out (one-click POST or the page's button): later bulk mail to the address is skipped. */
export async function unsubscribe(deps: OptOutDeps, token: string): Promise<void> {
  const { id_school, address } = readToken(deps, token);
  await repo.addOptOut(deps.db, [
    { id_school, channel: 'email', address: addressKey('email', address), source: 'unsubscribe' },
  ]);
}

// ---- Twilio ----

/** Twilio's request signature: base64 HMAC-SHA1 of the URL followed by the sorted POST parameters (key+value). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const signatureInvalid = () => unauthorized('signatureInvalid');

/** Whether `given` is Twilio's signature of the request under this auth token. */
function signedWith(authToken: string | null, url: string, params: Record<string, string>, given: string | undefined) {
  if (!authToken || !given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

type SignedRequest = { url: string; params: Record<string, string>; signature: string | undefined };

/**
 * The schools among `id_schools` whose own SMS account (the one their texts go through) signed the request. Twilio
 * signs with the account that owns the number, so a signature acts for those schools only: a school that knows its
 * own token can never act for another school that shares a number with it.
 */
async function schoolsThatSigned(deps: OptOutDeps, id_schools: number[], request: SignedRequest) {
  const signed: number[] = [];
  for (const id_school of id_schools) {
    const account = await smsAccountOf(deps, id_school);
    if (signedWith(account.authToken, request.url, request.params, request.signature)) signed.push(id_school);
  }
  return signed;
}

/** Signed by the server's own account (TWILIO_AUTH_TOKEN). */
const signedByServer = (deps: OptOutDeps, request: SignedRequest) =>
  signedWith(deps.config.twilio.authToken, request.url, request.params, request.signature);

const textOf = (params: Record<string, unknown>, key: string) =>
  typeof params[key] === 'string' ? (params[key] as string) : '';

/** Only strings are Twilio's: anything else (a JSON body) cannot have been signed by it. */
const formOf = (body: unknown): Record<string, string> =>
  body && typeof body === 'object'
    ? Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string'))
    : {};

/** A delivery report: delivered, sent, or failed/undelivered with Twilio's error code; only from the message's account. */
export async function twilioStatus(deps: OptOutDeps, body: unknown, signature: string | undefined) {
  const params = formOf(body);
  const request = { url: `${deps.config.publicUrl}/api/webhooks/twilio/status`, params, signature };
  const sid = textOf(params, 'MessageSid');
  const message = sid ? await repo.messageOfProviderId(deps.db, sid) : null;
  const signed = message
    ? (await schoolsThatSigned(deps, [message.id_school], request)).length > 0
    : signedByServer(deps, request);
  if (!signed) throw signatureInvalid();
  if (!message) return;
  scopeDatabaseTo(message.id_school);
  const status = textOf(params, 'MessageStatus');
  if (status === 'delivered') await recordDelivery(deps.db, sid, 'delivered', null);
  // callbacks may come out of order: a late 'sent' never takes a final state back
  else if (status === 'sent' && message.status !== 'delivered' && message.status !== 'failed')
    await recordDelivery(deps.db, sid, 'sent', null);
  else if (status === 'failed' || status === 'undelivered') {
    const code = textOf(params, 'ErrorCode');
    await recordDelivery(deps.db, sid, 'failed', `Twilio ${status}${code ? ` (error ${code})` : ''}`);
  }
}

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

/**
 * The schools an inbound SMS speaks for: each school with a campus whose number is `To`, when its own account
 * signed the request; and, for a text to the server's shared TWILIO_FROM signed by the server's account, each
 * school that texts through the server's account and wrote to the sender from that number.
 */
async function schoolsOfInbound(deps: OptOutDeps, to: string, from: string, request: SignedRequest) {
  if (!to) return [];
  const schools = await schoolsThatSigned(deps, await schoolsOfCampusPhone(deps.db, addressKey('sms', to)), request);
  const shared = deps.config.twilio.from;
  if (!from || !shared || addressKey('sms', to) !== addressKey('sms', shared) || !signedByServer(deps, request))
    return schools;
  for (const id_school of await repo.schoolsThatTextedFromShared(deps.db, addressKey('sms', from)))
    if (!schools.includes(id_school) && !(await smsAccountOf(deps, id_school)).own) schools.push(id_school);
  return schools;
}

/**
 * An inbound SMS: STOP and its synonyms opt the sender out of every SMS of the school(s) it speaks for
 * (`schoolsOfInbound`) and withdraw its consent there; START and UNSTOP undo that for the same schools and give the
 * consent again (the reply itself is the family's word). A request that no account concerned
 * signed (nor the server's) is refused.
 */
export async function twilioInbound(deps: OptOutDeps, body: unknown, signature: string | undefined) {
  const params = formOf(body);
  const request = { url: `${deps.config.publicUrl}/api/webhooks/twilio/inbound`, params, signature };
  const from = textOf(params, 'From');
  const schools = await schoolsOfInbound(deps, textOf(params, 'To'), from, request);
  if (schools.length === 0 && !signedByServer(deps, request)) throw signatureInvalid();
  scopeDatabaseTo(schools);
  const word = textOf(params, 'Body').trim().toUpperCase();
  if (!from || schools.length === 0) return;
  const address = addressKey('sms', from);
  const consent = (granted: boolean, source: 'stop' | 'start') =>
    recordSmsConsent(
      deps.db,
      schools.map((id_school) => ({ id_school, phone: address, granted, source })),
    );
  if (STOP_WORDS.has(word)) {
    await repo.addOptOut(
      deps.db,
      schools.map((id_school) => ({ id_school, channel: 'sms' as const, address, source: 'stop' })),
    );
    await consent(false, 'stop');
  } else if (START_WORDS.has(word)) {
    await repo.removeOptOut(deps.db, schools, 'sms', address);
    await consent(true, 'start');
  }
}
