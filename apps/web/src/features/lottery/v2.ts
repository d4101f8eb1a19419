import type { z } from 'zod';
import { LotteryRunSchema } from '@openseat/shared/schemas/lottery';
import { publicChainName } from '@openseat/shared/beacon-chains';
import { wallClock, zonedInstant } from '@openseat/shared/zoned-time';

/*
 * The client side of the v2 lottery (docs/lottery-algorithm.md): the announced draw time on the campus clock, a drand
 * round pasted from a relay, the dice digits, and the countdown to the committed round.
 */

/** The instant of a `datetime-local` value ('2026-12-02T17:00') on the campus clock; null when it is not one. */
export function drawInstant(local: string, timeZone: string | undefined): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
  if (!m) return null;
  const at = timeZone ? zonedInstant(timeZone, m[1]!, m[2]!) : new Date(local);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A drand round as the draw sends it: `{ round, signature, previous_signature? }`. */
export const BeaconSchema = LotteryRunSchema.shape.beacon.unwrap();
export type Beacon = z.infer<typeof BeaconSchema>;

export type BeaconField = 'json' | 'round' | 'signature' | 'previous_signature';
/** Message keys of @openseat/shared/messages (or `lottery.*` UI keys) per field. */
export type BeaconParse = { ok: true; beacon: Beacon } | { ok: false; errors: Partial<Record<BeaconField, string>> };

const issuesOf = (error: z.ZodError, field?: BeaconField): Partial<Record<BeaconField, string>> => {
  const errors: Partial<Record<BeaconField, string>> = {};
  for (const issue of error.issues) {
    const key = field ?? (String(issue.path[0] ?? 'round') as BeaconField);
    errors[key] ??= issue.message;
  }
  return errors;
};

/**
 * A round pasted as the relay's JSON (`{"round":..,"signature":..,"previous_signature":..}`, other keys ignored) or as
 * separate fields (the JSON wins when given). Parsed here, so a typo never reaches the server.
 */
export function parseBeacon(input: {
  json: string;
  round: string;
  signature: string;
  previous_signature: string;
}): BeaconParse {
  if (input.json.trim()) {
    let value: unknown;
    try {
      value = JSON.parse(input.json);
    } catch {
      return { ok: false, errors: { json: 'lottery.v2.pasteJsonInvalid' } };
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { ok: false, errors: { json: 'lottery.v2.pasteJsonInvalid' } };
    const { round, signature, previous_signature } = value as Record<string, unknown>;
    const parsed = BeaconSchema.safeParse({
      round,
      signature,
      ...(previous_signature ? { previous_signature } : {}),
    });
    return parsed.success ? { ok: true, beacon: parsed.data } : { ok: false, errors: issuesOf(parsed.error, 'json') };
  }
  const round = input.round.trim();
  const parsed = BeaconSchema.safeParse({
    round: /^\d+$/.test(round) ? Number(round) : round === '' ? undefined : NaN,
    signature: input.signature,
    ...(input.previous_signature.trim() ? { previous_signature: input.previous_signature } : {}),
  });
  return parsed.success ? { ok: true, beacon: parsed.data } : { ok: false, errors: issuesOf(parsed.error) };
}

/** The 20 digits of the dice as rolled (spaces allowed between them); null unless exactly 20 digits. */
export function diceDigits(text: string): string | null {
  const digits = text.replace(/\s+/g, '');
  return /^\d{20}$/.test(digits) ? digits : null;
}

/** Time left as "2 d 03:04:05" or "03:04:05" (whole seconds, never below zero). */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}

/** The drand chain a hash names, for staff (null: not a League of Entropy chain). */
export const chainName = publicChainName;

/** Where anyone reads the committed round on drand's own relay (any other relay serves the same). */
export const relayUrl = (chain: string, round: number) => `https://api.drand.sh/${chain}/public/${round}`;

/** Now on the campus clock as a `datetime-local` value, for the field's `min` (the browser's own clock without a zone). */
export function localNow(timeZone: string | undefined, now = new Date()): string {
  const wall = wallClock(timeZone, now);
  return `${wall.year}-${wall.month}-${wall.day}T${wall.hour}:${wall.minute}`;
}
