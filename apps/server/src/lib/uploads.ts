import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_LIMIT, type ImageType } from '@openseat/shared/images';
import { isStorableText } from '@openseat/shared/schemas/rules';
import { AppError, badRequest, notFound, payloadTooLarge } from './errors';

/** Decoding stops beyond this many pixels: a small file may claim a huge canvas (a decompression bomb). */
const MAX_PIXELS = 25_000_000;
/** Stored images are at most this wide and high: photos and logos, not print masters. */
const MAX_EDGE = 2048;

type ImageKind = { ext: string; mime: string; encode: (image: Sharp) => Sharp };

/** The accepted kinds (the shared IMAGE_TYPES), by the MIME type `file-type` reads from the content. */
const IMAGE_KINDS: Record<string, ImageKind> = {
  'image/png': { ext: 'png', mime: 'image/png', encode: (image) => image.png() },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg', encode: (image) => image.jpeg({ quality: 85 }) },
  'image/webp': { ext: 'webp', mime: 'image/webp', encode: (image) => image.webp({ quality: 85 }) },
} satisfies Record<ImageType, ImageKind>;

export const mimeOfStoredImage = (file: string) =>
  Object.values(IMAGE_KINDS).find((kind) => file.endsWith(`.${kind.ext}`))?.mime ?? 'application/octet-stream';

export type CheckedImage = { buffer: Buffer; ext: string; field: string };

const notAnImage = (field: string) => badRequest('fileType', [{ path: field, message: 'fileType' }]);

/**
 * Decodes the whole image as the kind its content claims and encodes it again: what is stored is pixels we
 * wrote, never the upload's bytes (no trailing HTML or script, no metadata such as a photo's GPS position).
 */
async function reencode(buffer: Buffer, kind: ImageKind, field: string): Promise<Buffer> {
  try {
    const image = sharp(buffer, { limitInputPixels: MAX_PIXELS, failOn: 'warning' });
    const { format } = await image.metadata();
    if (IMAGE_KINDS[`image/${format}`] !== kind) throw notAnImage(field);
    const upright = image.rotate().resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true });
    return await kind.encode(upright).toBuffer();
  } catch {
    throw notAnImage(field);
  }
}

/** Reads an uploaded image: size limit, real type by its content, then decoded and re-encoded. */
export async function readImage(file: MultipartFile): Promise<CheckedImage> {
  const buffer = await file.toBuffer().catch(() => {
    throw payloadTooLarge('fileTooLarge');
  });
  if (buffer.length > IMAGE_LIMIT || file.file.truncated) throw payloadTooLarge('fileTooLarge');
  const detected = await fileTypeFromBuffer(buffer);
  const kind = detected ? IMAGE_KINDS[detected.mime] : undefined;
  if (!kind) throw notAnImage(file.fieldname);
  return { buffer: await reencode(buffer, kind, file.fieldname), ext: kind.ext, field: file.fieldname };
}

/**
 * A new file's place under `dataDir/files/<folder>` (outside the web root), with a server-generated name and its
 * folder made: the path to keep (relative) and the one to write to.
 */
export async function newStoredFile(dataDir: string, folder: string, ext: string) {
  const relative = path.join(folder, `${randomBytes(16).toString('hex')}.${ext}`);
  const absolute = storedFilePath(dataDir, relative);
  await fs.mkdir(path.dirname(absolute), { recursive: true });
  return { relative, absolute };
}

/** Stores the bytes as a new file under `dataDir/files/<folder>`, readable by this user only; returns its relative path. */
export async function saveStoredFile(bytes: Buffer, dataDir: string, folder: string, ext: string): Promise<string> {
  const { relative, absolute } = await newStoredFile(dataDir, folder, ext);
  await fs.writeFile(absolute, bytes, { mode: 0o600 });
  return relative;
}

/** Stores a checked image under `dataDir/files/<folder>` with a server-generated name; returns the relative path. */
export const saveImage = (image: CheckedImage, dataDir: string, folder: string): Promise<string> =>
  saveStoredFile(image.buffer, dataDir, folder, image.ext);

/** A stored file opened for reading; 404 when it is gone (a download never answers 500 for a missing file). */
export async function openStoredFile(dataDir: string, relative: string): Promise<ReadStream> {
  const stream = createReadStream(storedFilePath(dataDir, relative));
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () => reject(notFound()));
  });
  return stream;
}

/** Field names that would reach an object's prototype: refused outright. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

function addField(fields: Record<string, unknown>, name: string, value: unknown) {
  const isList = name.endsWith('[]');
  const key = isList ? name.slice(0, -2) : name;
  if (FORBIDDEN_NAMES.has(key) || !isStorableText(key))
    throw badRequest('invalidValue', [{ path: key, message: 'invalidValue' }]);
  if (typeof value === 'string' && !isStorableText(value))
    throw badRequest('invalidCharacters', [{ path: key, message: 'invalidCharacters' }]);
  if (!isList) fields[key] = value;
  else fields[key] = [...(Array.isArray(fields[key]) ? fields[key] : []), value];
}

/** A part that cannot be read (no boundary, cut short) is the sender's fault; our own errors pass through. */
const asBadRequest = (error: unknown) => {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (error instanceof AppError || (typeof status === 'number' && status < 500)) return error;
  return badRequest('badRequest');
};

/** Reads a multipart request: fields (with `name[]` collected into arrays) and at most one image. */
export async function readMultipart(
  parts: AsyncIterable<MultipartFile | MultipartValue>,
): Promise<{ fields: Record<string, unknown>; image: CheckedImage | null }> {
  const fields: Record<string, unknown> = Object.create(null);
  let image: CheckedImage | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (image) throw badRequest('invalidValue');
        image = await readImage(part);
      } else addField(fields, part.fieldname, part.value);
    }
  } catch (error) {
    throw asBadRequest(error);
  }
  return { fields, image };
}

export const storedFilePath = (dataDir: string, relative: string) => path.join(dataDir, 'files', relative);
