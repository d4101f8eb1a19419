import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { renderSignedPdf, schoolTime } from './signature.pdf';

/*
 * The signed PDF's page carries the signature's facts, the time on the school's wall clock; letters the standard font
 * cannot draw become "?" on the page (the exact text is attached).
 */

const FACTS = {
  school: 'Alpha Academy',
  applicant: 'Leo',
  id_application: 43,
  label: 'Family handbook',
  text: 'The family follows the handbook.\n家庭遵守手册。',
  documentHash: 'a'.repeat(64),
  fullName: 'Ana María López',
  consent: 'I have read this agreement.',
  language: 'en',
  role: 'first' as const,
  signedAt: new Date('2027-01-15T17:04:05.000Z'),
  timeZone: 'America/New_York',
  ip: '203.0.113.7',
};

/** The PDF's streams, inflated: the pages' drawing operators. */
function pagesOf(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      out.push(inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1'));
    } catch {
      out.push(m[1]);
    }
  }
  return out.join('\n');
}

/** pdf-lib writes a standard font's text as hex strings: the line as it is drawn on the page. */
const drawn = (line: string) => `<${Buffer.from(line, 'latin1').toString('hex').toUpperCase()}>`;

describe('the signed PDF', () => {
  it('writes the time on the school’s wall clock, with its zone', () => {
    expect(schoolTime(FACTS.signedAt, 'America/New_York')).toBe('2027-01-15 12:04:05 (America/New_York)');
    expect(schoolTime(new Date('2027-07-15T17:04:05.000Z'), 'America/Phoenix')).toBe(
      '2027-07-15 10:04:05 (America/Phoenix)',
    );
  });

  it('prints the name, the consent, the time, the address and the document hash; the same facts give the same bytes', async () => {
    const pdf = await renderSignedPdf(FACTS);
    const raw = pagesOf(pdf);
    expect(raw).toContain(drawn('Signed by: Ana María López (guardian)'));
    expect(raw).toContain(drawn('Consent given (en): I have read this agreement.'));
    expect(raw).toContain(drawn('Signed at: 2027-01-15 12:04:05 (America/New_York), 2027-01-15T17:04:05.000Z'));
    expect(raw).toContain(drawn('From address: 203.0.113.7'));
    // each paragraph its own line; the Chinese one drawn as "?"
    expect(raw).toContain(drawn('The family follows the handbook.'));
    expect(raw).toContain(drawn('???????'));
    expect((await PDFDocument.load(pdf)).getTitle()).toBe('Family handbook');
    expect((await renderSignedPdf(FACTS)).equals(pdf)).toBe(true);
  });
});
