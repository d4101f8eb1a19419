import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import type { DocumentType } from '@openseat/shared/schemas/registration';
import { badRequest } from '../../lib/errors';
import { newStoredFile } from '../../lib/uploads';

/*
 * What a family's document must be before it is kept (docs/registration.md): its type read from its bytes (never its
 * name), one the item accepts; an image decoded and written again by us (no metadata, no trailing payload: a
 * polyglot's second reading is gone); a PDF kept as sent only when it is a PDF from its first byte to its last.
 */

/** Decoding stops beyond this many pixels (a small file may claim a huge canvas); a 48 MP phone photo passes. */
const MAX_PIXELS = 60_000_000;
/** Stored images are at most this wide and high: enough to read a photographed certificate. */
const MAX_EDGE = 4096;
/** PDF readers look for the header in the first KiB; ZIP readers for their directory in the last 64 KiB + 22. */
const HEAD = 1024;
const TAIL = 65_557;

export const DOCUMENT_FOLDER = 'registration';

type Kind = { type: DocumentType; ext: string; mime: string; encode?: (image: Sharp) => Sharp };

/** The kinds by the MIME type `file-type` reads; a HEIC photo is kept as a JPEG (sharp writes no HEIC). */
const KINDS: Record<string, Kind> = {
  'application/pdf': { type: 'pdf', ext: 'pdf', mime: 'application/pdf' },
  'image/jpeg': { type: 'jpeg', ext: 'jpg', mime: 'image/jpeg', encode: (i) => i.jpeg({ quality: 85 }) },
  'image/png': { type: 'png', ext: 'png', mime: 'image/png', encode: (i) => i.png() },
  'image/webp': { type: 'webp', ext: 'webp', mime: 'image/webp', encode: (i) => i.webp({ quality: 85 }) },
  'image/heic': { type: 'heic', ext: 'jpg', mime: 'image/jpeg', encode: (i) => i.jpeg({ quality: 85 }) },
  'image/heif': { type: 'heic', ext: 'jpg', mime: 'image/jpeg', encode: (i) => i.jpeg({ quality: 85 }) },
};
/** The format sharp reports for each type: the decoder must agree with the bytes' signature. */
const SHARP_FORMAT: Record<DocumentType, string> = { pdf: 'pdf', jpeg: 'jpeg', png: 'png', webp: 'webp', heic: 'heif' };

export type CheckedDocument = { storedPath: string; mime: string; size: number };

const wrongType = () => badRequest('registrationDocumentType', [{ path: 'file', message: 'registrationDocumentType' }]);
const unreadable = () =>
  badRequest('registrationDocumentUnreadable', [{ path: 'file', message: 'registrationDocumentUnreadable' }]);

/**
 * Checks the received file (`part`, an absolute path) against the accepted types and stores what is kept under
 * `files/registration/` with a random name. The part file is left for the caller to remove. Throws 400 otherwise.
 */
export async function checkDocument(dataDir: string, part: string, accepted: DocumentType[]): Promise<CheckedDocument> {
  const detected = await fileTypeFromFile(part);
  const kind = detected ? KINDS[detected.mime] : undefined;
  if (!kind || !accepted.includes(kind.type)) throw wrongType();
  const { relative, absolute: target } = await newStoredFile(dataDir, DOCUMENT_FOLDER, kind.ext);
  try {
    if (kind.encode) await reencode(part, target, kind);
    else {
      await checkPdf(part);
      await fs.copyFile(part, target);
      await fs.chmod(target, 0o600);
    }
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
  return { storedPath: relative, mime: kind.mime, size: (await fs.stat(target)).size };
}

/**
 * Decodes the whole image as the kind its signature claims and writes it again (upright, at most MAX_EDGE): what is
 * kept is pixels we encoded, without EXIF (a phone photo's GPS position) or anything appended after the image.
 */
async function reencode(part: string, target: string, kind: Kind) {
  try {
    const image = sharp(part, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== SHARP_FORMAT[kind.type]) throw wrongType();
    const upright = image.rotate().resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true });
    await kind.encode!(upright).toFile(target);
    await fs.chmod(target, 0o600);
  } catch {
    // a HEIC this build of libvips cannot decode (no HEVC decoder), a truncated or corrupt image
    throw unreadable();
  }
}

async function readAt(file: fs.FileHandle, position: number, length: number) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead).toString('latin1');
}

/**
 * A PDF is kept as sent, so it must be nothing else: `%PDF-` at byte 0, no markup a browser could sniff in its
 * first KiB, and `startxref` then `%%EOF` at its end with only whitespace after (nothing appended); and no ZIP
 * directory where ZIP readers look for one (a PDF/ZIP polyglot hides its archive's directory in the comment).
 */
export async function checkPdf(part: string) {
  const file = await fs.open(part, 'r');
  try {
    const { size } = await file.stat();
    const head = await readAt(file, 0, Math.min(HEAD, size));
    const tailStart = Math.max(0, size - TAIL);
    const tail = await readAt(file, tailStart, size - tailStart);
    const trimmed = tail.replace(/[\s\0]+$/, '');
    const ok =
      head.startsWith('%PDF-') &&
      !/<(html|script|svg|body|!doctype|iframe)/i.test(head) &&
      trimmed.endsWith('%%EOF') &&
      trimmed.includes('startxref') &&
      !tail.includes('PK\x05\x06');
    if (!ok) throw wrongType();
  } finally {
    await file.close();
  }
}
