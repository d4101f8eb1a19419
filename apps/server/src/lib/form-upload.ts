import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { z } from 'zod';
import { readMultipart, saveImage, storedFilePath, type CheckedImage } from './uploads';
import { AppError, badRequest, payloadTooLarge } from './errors';

/**
 * A form with an optional image, as a route received it: multipart parts, or a JSON body. Routes hand it to
 * their service untouched; the service reads it with `readUploadForm` and stores the image with
 * `withStoredImage`, so parsing and file handling live in one place and never in a route.
 */
export type UploadForm = { parts: AsyncIterable<MultipartFile | MultipartValue> } | { body: unknown };

export const uploadFormOf = (req: FastifyRequest): UploadForm =>
  req.isMultipart() ? { parts: req.parts() } : { body: req.body ?? {} };

/** A broken multipart body (no boundary, cut short) is the client's mistake: 400, never 500. */
async function readParts(parts: AsyncIterable<MultipartFile | MultipartValue>) {
  try {
    return await readMultipart(parts);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) throw payloadTooLarge();
    throw badRequest('badRequest');
  }
}

/** The form's fields parsed by `schema` (400 with its messages, field by field) and at most one image. */
export async function readUploadForm<S extends z.ZodType>(
  form: UploadForm,
  schema: S,
): Promise<{ data: z.output<S>; image: CheckedImage | null }> {
  const { fields, image } = 'parts' in form ? await readParts(form.parts) : { fields: form.body, image: null };
  const parsed = schema.safeParse(fields);
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues[0].message,
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  return { data: parsed.data, image };
}

/** A stored file that is no longer referenced; one already gone is fine. */
export const removeStoredFile = (dataDir: string, relative: string) =>
  fs.rm(storedFilePath(dataDir, relative), { force: true });

/** Stored files no longer referenced (call it once the change that dropped their rows has committed). */
export const removeStoredFiles = async (dataDir: string, relatives: string[]) => {
  await Promise.all(relatives.map((relative) => removeStoredFile(dataDir, relative)));
};

/**
 * Stores the image (if any) under `folder`, then runs `change` with its stored name. If the change fails the
 * new file is removed; once it has succeeded, the file it replaced (what `change` answers as `replaced`) is.
 */
export async function withStoredImage<T>(
  dataDir: string,
  folder: string,
  image: CheckedImage | null,
  change: (stored: string | null) => Promise<{ result: T; replaced: string | null }>,
): Promise<T> {
  const stored = image ? await saveImage(image, dataDir, folder) : null;
  let outcome: { result: T; replaced: string | null };
  try {
    outcome = await change(stored);
  } catch (error) {
    if (stored) await removeStoredFile(dataDir, stored);
    throw error;
  }
  if (outcome.replaced && outcome.replaced !== stored) await removeStoredFile(dataDir, outcome.replaced);
  return outcome.result;
}
