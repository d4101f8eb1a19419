import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import type { RawRow } from './import-file.types';

/*
 * A school's CSV as the last system (or Excel) wrote it: UTF-8 with or without a byte-order mark, or Windows-1252
 * (Excel's "CSV" on a Windows machine in the Americas and Western Europe); commas, semicolons (Excel where the decimal
 * separator is a comma) or tabs; quoted cells with line breaks inside. Read as a stream: a 50 MB file never sits in
 * memory whole.
 */

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
export type CsvDelimiter = ',' | ';' | '\t';

/** Byte-order marks: UTF-8, and UTF-16 (Excel's "Unicode Text", tab-separated) in either byte order. */
const MARKS: Array<{ bytes: Buffer; encoding: CsvEncoding }> = [
  { bytes: Buffer.from([0xef, 0xbb, 0xbf]), encoding: 'utf-8' },
  { bytes: Buffer.from([0xff, 0xfe]), encoding: 'utf-16le' },
  { bytes: Buffer.from([0xfe, 0xff]), encoding: 'utf-16be' },
];

/** The byte-order mark the bytes start with, if any. */
export const markOf = (head: Buffer) => MARKS.find((m) => head.subarray(0, m.bytes.length).equals(m.bytes));
/** What the delimiter is sniffed from: the file's first bytes, enough for a header and several rows. */
const SNIFF_BYTES = 64 * 1024;
const SNIFF_LINES = 20;

/**
 * The file's encoding and the length of its byte-order mark: a mark says UTF-8 or UTF-16; otherwise UTF-8 when every byte of the file decodes as
 * UTF-8 (checked as a stream), else Windows-1252 (every byte is a character there, so it never fails). A 1252 file's
 * accented letters ("José", 0xE9 then a plain letter) are never valid UTF-8, so the two are told apart.
 */
export async function detectEncoding(file: string): Promise<{ encoding: CsvEncoding; bom: number }> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(3);
    const { bytesRead } = await handle.read(head, 0, 3, 0);
    const mark = markOf(head.subarray(0, bytesRead));
    if (mark) return { encoding: mark.encoding, bom: mark.bytes.length };
  } finally {
    await handle.close();
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return { encoding: 'utf-8', bom: 0 };
  } catch {
    return { encoding: 'windows-1252', bom: 0 };
  }
}

/** Counts each candidate delimiter per line outside quotes, over the text's first lines. */
function countsPerLine(text: string): Record<CsvDelimiter, number[]> {
  const counts: Record<CsvDelimiter, number[]> = { ',': [], ';': [], '\t': [] };
  let line: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  let lines = 0;
  for (let i = 0; i < text.length && lines < SNIFF_LINES; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) line[ch]++;
    else if (!quoted && ch === '\n') {
      for (const d of Object.keys(counts) as CsvDelimiter[]) counts[d].push(line[d]);
      line = { ',': 0, ';': 0, '\t': 0 };
      lines++;
    }
  }
  if (lines < SNIFF_LINES) for (const d of Object.keys(counts) as CsvDelimiter[]) counts[d].push(line[d]);
  return counts;
}

/**
 * The delimiter that splits the first lines most consistently: for each candidate, the number of lines that share its
 * most common non-zero count (a title line above the headers has none and does not vote), then the larger count. A
 * comma inside "López, Ana" is inside quotes and not counted; a file of one column is read with commas.
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  const counts = countsPerLine(text);
  let best: { delimiter: CsvDelimiter; lines: number; count: number } = { delimiter: ',', lines: 0, count: 0 };
  for (const delimiter of Object.keys(counts) as CsvDelimiter[]) {
    const frequency = new Map<number, number>();
    for (const n of counts[delimiter]) if (n > 0) frequency.set(n, (frequency.get(n) ?? 0) + 1);
    for (const [count, lines] of frequency)
      if (lines > best.lines || (lines === best.lines && count > best.count)) best = { delimiter, lines, count };
  }
  return best.delimiter;
}

async function headText(file: string, encoding: CsvEncoding, bom: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, bom);
    // a character cut at the end of the window decodes as U+FFFD: it is not a delimiter, so it does no harm
    return iconv.decode(buffer.subarray(0, bytesRead), encoding);
  } finally {
    await handle.close();
  }
}

/**
 * The file's records, numbered as a spreadsheet numbers its rows (1 = the first record; a quoted cell's line breaks
 * stay inside its row; an empty line is a row of its own). Cells are the text as written, not trimmed.
 */
export async function* readCsvRows(file: string): AsyncGenerator<RawRow> {
  const { encoding, bom } = await detectEncoding(file);
  const delimiter = sniffDelimiter(await headText(file, encoding, bom));
  const parser = parse({
    delimiter,
    bom: false,
    relax_column_count: true,
    // a stray quote inside an unquoted cell (`5" tall`) is kept as text rather than refusing the file
    relax_quotes: true,
    skip_empty_lines: false,
  });
  const source = createReadStream(file, { start: bom });
  const stream = pipeline(source, iconv.decodeStream(encoding), parser, () => {});
  let rowNumber = 0;
  try {
    for await (const record of stream as AsyncIterable<string[]>) {
      rowNumber++;
      yield { rowNumber, cells: record };
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
}
