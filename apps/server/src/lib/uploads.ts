import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { AppError } from './errors';

export const IMAGE_LIMIT = 2 * 1024 * 1024;

const IMAGE_SIGNATURES: Array<{ ext: string; mime: string; test: (b: Buffer) => boolean }> = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'webp', mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export const mimeOfStoredImage = (file: string) => IMAGE_SIGNATURES.find((s) => file.endsWith(`.${s.ext}`))?.mime ?? 'application/octet-stream';

export type CheckedImage = { buffer: Buffer; ext: string; field: string };

/** Reads an uploaded image and checks its real type by magic bytes and its size. */
export async function readImage(file: MultipartFile): Promise<CheckedImage> {
  const buffer = await file.toBuffer().catch(() => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'fileTooLarge');
  });
  if (buffer.length > IMAGE_LIMIT || file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'fileTooLarge');
  const kind = IMAGE_SIGNATURES.find((s) => s.test(buffer));
  if (!kind) throw new AppError('VALIDATION', 'fileType', [{ path: file.fieldname, message: 'fileType' }]);
  return { buffer, ext: kind.ext, field: file.fieldname };
}

/** Stores a checked image under `dataDir/files/<folder>` with a server-generated name; returns the relative path. */
export async function saveImage(image: CheckedImage, dataDir: string, folder: string): Promise<string> {
  const relative = path.join(folder, `${randomBytes(16).toString('hex')}.${image.ext}`);
  const absolute = path.join(dataDir, 'files', relative);
  await fs.mkdir(path.dirname(absolute), { recursive: true });
  await fs.writeFile(absolute, image.buffer, { mode: 0o600 });
  return relative;
}

/** Reads a multipart request: fields (with `name[]` collected into arrays) and at most one image. */
export async function readMultipart(parts: AsyncIterable<MultipartFile | MultipartValue>): Promise<{ fields: Record<string, unknown>; image: CheckedImage | null }> {
  const fields: Record<string, unknown> = {};
  let image: CheckedImage | null = null;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (image) throw new AppError('VALIDATION', 'invalidValue');
      image = await readImage(part);
      continue;
    }
    const value = part.value;
    if (part.fieldname.endsWith('[]')) {
      const key = part.fieldname.slice(0, -2);
      fields[key] = [...((fields[key] as unknown[]) ?? []), value];
    } else fields[part.fieldname] = value;
  }
  return { fields, image };
}

export const storedFilePath = (dataDir: string, relative: string) => path.join(dataDir, 'files', relative);

