import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import {
  APPLICATION_FILE_LIMIT,
  APPLICATION_FILE_TYPES,
  FileUploadFieldsSchema,
  originalFileName,
} from '@openseat/shared/schemas/application-records';
import { isStorableText } from '@openseat/shared/schemas/rules';
import { AppError, badRequest, payloadTooLarge } from '../../lib/errors';
import type { UploadForm } from '../../lib/form-upload';

export type CheckedFile = { buffer: Buffer; ext: string; mime: string; originalName: string };
export type FileUpload = { id_application: number; file: CheckedFile };

const ALLOWED = new Set<string>(APPLICATION_FILE_TYPES);
const wrongType = () => badRequest('applicationFileType', [{ path: 'file', message: 'applicationFileType' }]);
const tooLarge = () => payloadTooLarge('fileTooLarge');

/**
 * The file's kind is read from its bytes (`file-type`), never from its name or the type the browser claimed:
 * a script renamed `report.pdf` is refused. The stored copy gets the extension of the detected kind.
 */
async function checkFile(part: MultipartFile): Promise<CheckedFile> {
  const buffer = await part.toBuffer().catch((error: { statusCode?: number }) => {
    throw error.statusCode === 413 ? tooLarge() : badRequest('badRequest');
  });
  if (part.file.truncated || buffer.length > APPLICATION_FILE_LIMIT) throw tooLarge();
  if (buffer.length === 0) throw badRequest('fileRequired', [{ path: 'file', message: 'fileRequired' }]);
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !ALLOWED.has(detected.mime)) throw wrongType();
  const name = originalFileName.safeParse(part.filename ?? '');
  const originalName = name.success && name.data ? name.data : `file.${detected.ext}`;
  return { buffer, ext: detected.ext, mime: detected.mime, originalName };
}

/** A part that cannot be read (no boundary, cut short) is the sender's fault; our own errors pass through. */
const asClientError = (error: unknown) => {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 413) return tooLarge();
  return badRequest('badRequest');
};

async function readParts(parts: AsyncIterable<MultipartFile | MultipartValue>) {
  const fields: Record<string, unknown> = Object.create(null);
  let file: CheckedFile | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file)
          throw badRequest('invalidValue', [{ path: part.fieldname, message: 'invalidValue' }]);
        file = await checkFile(part);
      } else if (part.fieldname === 'id_application') {
        if (typeof part.value === 'string' && !isStorableText(part.value)) throw badRequest('invalidCharacters');
        fields.id_application = part.value;
      }
    }
  } catch (error) {
    throw asClientError(error);
  }
  return { fields, file };
}

/** `POST /application/upload-file`: the application's id and exactly one checked file. */
export async function readFileUpload(form: UploadForm): Promise<FileUpload> {
  const { fields, file } = 'parts' in form ? await readParts(form.parts) : { fields: form.body, file: null };
  const parsed = FileUploadFieldsSchema.safeParse(fields ?? {});
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues[0].message,
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  if (!file) throw badRequest('fileRequired', [{ path: 'file', message: 'fileRequired' }]);
  return { id_application: parsed.data.id_application, file };
}
