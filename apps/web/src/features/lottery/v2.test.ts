import { describe, expect, it } from 'vitest';
import { countdownText, diceDigits, drawInstant, localNow, parseBeacon } from './v2';

const empty = { json: '', round: '', signature: '', previous_signature: '' };
const sig = 'ab'.repeat(48);

describe('lottery v2 client helpers', () => {
  it('reads the announced draw time on the campus clock', () => {
    expect(drawInstant('2030-07-01T18:00', 'America/New_York')?.toISOString()).toBe('2030-07-01T22:00:00.000Z');
    expect(drawInstant('2030-01-01T18:00', 'America/New_York')?.toISOString()).toBe('2030-01-01T23:00:00.000Z');
    expect(drawInstant('', 'America/New_York')).toBeNull();
    expect(localNow('America/Phoenix', new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-26T16:30');
  });

  it('parses a pasted round from the relay JSON or the fields', () => {
    expect(parseBeacon({ ...empty, json: `{"round":5,"randomness":"00","signature":"${sig}"}` })).toEqual({
      ok: true,
      beacon: { round: 5, signature: sig },
    });
    expect(parseBeacon({ ...empty, json: `{"round":5,"signature":"${sig}","previous_signature":"CD"}` })).toEqual({
      ok: true,
      beacon: { round: 5, signature: sig, previous_signature: 'cd' },
    });
    expect(parseBeacon({ ...empty, json: '{round' })).toEqual({
      ok: false,
      errors: { json: 'lottery.v2.pasteJsonInvalid' },
    });
    expect(parseBeacon({ ...empty, json: '[1]' }).ok).toBe(false);
    expect(parseBeacon({ ...empty, round: ' 7 ', signature: sig })).toEqual({
      ok: true,
      beacon: { round: 7, signature: sig },
    });
    expect(parseBeacon({ ...empty, round: '7', signature: 'xyz' })).toEqual({
      ok: false,
      errors: { signature: 'lotteryBeaconMalformed' },
    });
    expect(parseBeacon({ ...empty, round: '-1', signature: sig })).toEqual({
      ok: false,
      errors: { round: 'invalidValue' },
    });
  });

  it('reads 20 dice digits with spaces, and nothing else', () => {
    expect(diceDigits('1234 5678 9012 3456 7890')).toBe('12345678901234567890');
    expect(diceDigits('1234')).toBeNull();
    expect(diceDigits('1234 5678 9012 3456 789a')).toBeNull();
  });

  it('writes the time left', () => {
    expect(countdownText(65_000)).toBe('00:01:05');
    expect(countdownText(64_001)).toBe('00:01:05');
    expect(countdownText(0)).toBe('00:00:00');
    expect(countdownText(-5)).toBe('00:00:00');
    expect(countdownText(2 * 86_400_000 + 3_600_000)).toBe('2 d 01:00:00');
  });
});
