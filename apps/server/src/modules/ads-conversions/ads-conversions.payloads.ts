import { createHash } from 'node:crypto';

/*
 * What a conversion event says to each platform, built from the event row and, only when the school consented, the
 * guardian's contact. Never a name, a birth date, a grade or an application id: the event is numbered by its own
 * row (`openseat-<id>`), which the platforms use to drop a repeat.
 */

const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** The conversion as stored: its own number, the stage, when it happened and the ad it came from. */
export type ConversionFacts = {
  id_ads_conversion_event: number;
  /** applied or enrolled. */
  eventName: string;
  occurredAt: Date;
  campaign_id: string | null;
  ad_id: string | null;
};

/** The guardian's contact as stored; null fields are left out. */
export type Contact = { email: string | null; phone: string | null };

/** The platforms' dedup key: our event number, the same on every retry. */
export const eventKey = (id: number) => `openseat-${id}`;

/** Trimmed and lower-cased; null when it is not an address. */
export function normalEmail(email: string | null): string | null {
  const value = email?.trim().toLowerCase() ?? '';
  return /^[^@\s]+@[^@\s]+$/.test(value) ? value : null;
}

/**
 * Digits with the country code, no leading zeros (Meta's rule; Google's E.164 adds '+'). A 10-digit number has no
 * country code: the product's schools are in the North American numbering plan, so it gets 1. Null when fewer than
 * 8 digits are left.
 */
export function normalPhoneDigits(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length < 8 || digits.length > 15) return null;
  return digits.length === 10 ? `1${digits}` : digits;
}

/** Google also drops the dots of the local part of gmail.com and googlemail.com addresses before hashing. */
export function googleEmail(email: string | null): string | null {
  const value = normalEmail(email);
  if (!value) return null;
  const [local, domain] = value.split('@');
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${local.replace(/\./g, '')}@${domain}` : value;
}

export type MetaEvent = {
  event_name: string;
  event_time: number;
  action_source: 'system_generated';
  event_id: string;
  user_data: { em?: string[]; ph?: string[] };
  custom_data: { event_source: 'crm'; lead_event_source: 'OpenSeat'; campaign_id?: string; ad_id?: string };
};

/** Meta's Conversions API event for a CRM stage (integrations.md, "Meta Conversions API"). */
export function metaEvent(facts: ConversionFacts, contact: Contact | null): MetaEvent {
  const email = normalEmail(contact?.email ?? null);
  const phone = normalPhoneDigits(contact?.phone ?? null);
  return {
    event_name: facts.eventName,
    event_time: Math.floor(facts.occurredAt.getTime() / 1000),
    action_source: 'system_generated',
    event_id: eventKey(facts.id_ads_conversion_event),
    user_data: {
      ...(email && { em: [sha256Hex(email)] }),
      ...(phone && { ph: [sha256Hex(phone)] }),
    },
    custom_data: {
      event_source: 'crm',
      lead_event_source: 'OpenSeat',
      ...(facts.campaign_id && { campaign_id: facts.campaign_id }),
      ...(facts.ad_id && { ad_id: facts.ad_id }),
    },
  };
}

/** `yyyy-mm-dd hh:mm:ss+00:00`: Google's conversion time, always given in UTC. */
export function googleDateTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

export type GoogleConversion = {
  conversionAction: string;
  conversionDateTime: string;
  orderId: string;
  userIdentifiers: Array<{ hashedEmail: string } | { hashedPhoneNumber: string }>;
  consent: { adUserData: 'GRANTED' };
};

/** Digits of a customer id written `123-456-7890`. */
export const customerDigits = (id: string) => id.replace(/\D/g, '');

/**
 * A click conversion without a click id (OpenSeat stores none): Google matches it by the hashed identifiers
 * (enhanced conversions for leads), so it is built only with at least one of them. `orderId` makes a resend a
 * duplicate Google drops.
 */
export function googleConversion(
  facts: ConversionFacts,
  target: { customerId: string; conversionActionId: string },
  contact: Contact | null,
): GoogleConversion {
  const email = googleEmail(contact?.email ?? null);
  const phone = normalPhoneDigits(contact?.phone ?? null);
  return {
    conversionAction: `customers/${customerDigits(target.customerId)}/conversionActions/${customerDigits(target.conversionActionId)}`,
    conversionDateTime: googleDateTime(facts.occurredAt),
    orderId: eventKey(facts.id_ads_conversion_event),
    userIdentifiers: [
      ...(email ? [{ hashedEmail: sha256Hex(email) }] : []),
      ...(phone ? [{ hashedPhoneNumber: sha256Hex(`+${phone}`) }] : []),
    ],
    // the school recorded a basis for sending the guardian's contact (the only personal data in the upload)
    consent: { adUserData: 'GRANTED' },
  };
}

/** Which identifiers an event carries, by name only (what the log keeps: never the hashes). */
export const identifierNames = (event: MetaEvent | GoogleConversion): string[] =>
  'user_data' in event
    ? Object.keys(event.user_data)
    : event.userIdentifiers.map((identifier) => Object.keys(identifier)[0]);
