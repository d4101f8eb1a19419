import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { wallClock } from '@openseat/shared/zoned-time';

/*
 * The signed PDF of an agreement (docs/registration.md): the agreement's text, then the signature's facts (name,
 * consent sentence, time in the school's time zone, address, document hash). pdf-lib's standard fonts draw the
 * Latin-1 range only, so letters outside it (Chinese, Arabic, some Vietnamese) are drawn as "?" on the page; the
 * exact UTF-8 text and facts are attached inside the PDF (`agreement.txt`, `signature.json`), and the text's
 * SHA-256 printed on the page is the one of that attachment.
 */

export type SignedFacts = {
  school: string;
  applicant: string;
  id_application: number;
  label: string;
  text: string;
  documentHash: string;
  fullName: string;
  consent: string;
  language: string;
  role: 'first' | 'second';
  signedAt: Date;
  timeZone: string;
  ip: string;
};

const PAGE = { width: 612, height: 792, margin: 56 };
const SIZE = 10;
const LEADING = 14;

/** The instant as `YYYY-MM-DD HH:MM:SS (Zone)` on the school's wall clock. */
export function schoolTime(instant: Date, timeZone: string): string {
  const p = wallClock(timeZone, instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second} (${timeZone})`;
}

/** The text with every character the font cannot draw replaced by "?" (line breaks kept for `wrap`). */
function drawable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (ch === '\t') out += '    ';
    else if (ch === '\n' || ch === '\r') out += ch;
    else {
      try {
        font.encodeText(ch);
        out += ch;
      } catch {
        out += '?';
      }
    }
  }
  return out;
}

/** Lines no wider than `width`, breaking at spaces (a word longer than the line is cut). */
function wrap(font: PDFFont, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, SIZE) <= width) line = next;
      else {
        if (line) lines.push(line);
        line = word;
        while (font.widthOfTextAtSize(line, SIZE) > width) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), SIZE) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The signed PDF's bytes; the same facts give the same bytes (fixed dates, no random id). */
export async function renderSignedPdf(facts: SignedFacts): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(drawable(font, facts.label));
  pdf.setCreator('OpenSeat');
  pdf.setProducer('OpenSeat (pdf-lib)');
  pdf.setCreationDate(facts.signedAt);
  pdf.setModificationDate(facts.signedAt);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, f: PDFFont = font) => {
    for (const line of wrap(f, drawable(f, text), width)) {
      if (y < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y, size: SIZE, font: f });
      y -= LEADING;
    }
  };
  write(facts.school, bold);
  write(`${facts.label}: ${facts.applicant} (application ${facts.id_application})`, bold);
  y -= LEADING;
  write(facts.text);
  y -= LEADING;
  write('Electronic signature', bold);
  write(`Signed by: ${facts.fullName} (${facts.role === 'first' ? 'guardian' : 'second guardian, by invitation'})`);
  write(`Consent given (${facts.language}): ${facts.consent}`);
  write(`Signed at: ${schoolTime(facts.signedAt, facts.timeZone)}, ${facts.signedAt.toISOString()}`);
  write(`From address: ${facts.ip}`);
  write(`SHA-256 of the agreement text shown (UTF-8, attached as agreement.txt): ${facts.documentHash}`);
  await pdf.attach(Buffer.from(facts.text, 'utf8'), 'agreement.txt', {
    mimeType: 'text/plain',
    description: 'The agreement text shown and signed (UTF-8)',
    creationDate: facts.signedAt,
    modificationDate: facts.signedAt,
  });
  const record = { ...facts, signedAt: facts.signedAt.toISOString(), text: undefined };
  await pdf.attach(Buffer.from(JSON.stringify(record, null, 2), 'utf8'), 'signature.json', {
    mimeType: 'application/json',
    description: 'The signature facts (UTF-8)',
    creationDate: facts.signedAt,
    modificationDate: facts.signedAt,
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
