import { useId, useState } from 'react';
import type {
  DocumentType,
  DocumentUpload as Upload,
  FamilyRegistrationItem,
} from '@openseat/shared/schemas/registration';
import { ApiError, familyApi } from '../api';
import { DOCUMENT_MIME } from '../constants';
import { useI18n } from '../i18n/language';
import { applicationPath } from '../paths';
import { useNavigate } from '../router';
import { useErrorText } from '../use-load';
import { Alert } from './Alert';

export type DocumentItem = FamilyRegistrationItem & { document: NonNullable<FamilyRegistrationItem['document']> };

/** Each request carries this much: on a phone's slow line a lost connection costs at most one chunk. */
export const CHUNK_BYTES = 1024 * 1024;
const MB = 1024 * 1024;

const EXTENSIONS: Record<DocumentType, string[]> = {
  pdf: ['.pdf'],
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
  heic: ['.heic', '.heif'],
  webp: ['.webp'],
};
const NAMES: Record<DocumentType, string> = { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG', heic: 'HEIC', webp: 'WebP' };
const IMAGES: DocumentType[] = ['jpeg', 'png', 'heic', 'webp'];

/** What the file pickers offer: the item's types, by MIME type and file name ending (the server reads the bytes). */
export const acceptOf = (types: DocumentType[]) =>
  types.flatMap((type) => [...DOCUMENT_MIME[type], ...EXTENSIONS[type]]).join(',');

const mbOf = (bytes: number) => (bytes / MB).toFixed(1);

/** Failures the same upload survives: a dropped line, a server busy or restarting, a chunk from the wrong place. */
const resumable = (failure: unknown) =>
  failure instanceof ApiError &&
  !failure.sessionEnded &&
  (failure.status === 0 || failure.status === 409 || failure.status === 429 || failure.status >= 500);

/**
 * A document of the registration checklist: chosen from the phone's files or taken with its camera, sent in chunks
 * with the progress shown; after a failure "Try again" continues from the last byte the server holds.
 */
export function DocumentUpload({ id, item }: { id: number; item: DocumentItem }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const inputId = useId();
  const cameraId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { types, maxMb } = item.document;
  const withCamera = types.some((type) => IMAGES.includes(type));

  const choose = (event: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setUpload(null);
    setSent(null);
    setError(null);
    if (chosen && chosen.size > maxMb * MB) {
      setFile(null);
      setError(t('documentTooBig', { mb: maxMb }));
    } else setFile(chosen);
  };

  const send = async (chosen: File) => {
    setBusy(true);
    setError(null);
    try {
      let state: Upload = upload
        ? await familyApi.uploadState(id, upload)
        : await familyApi.startUpload(id, item.id_registration_item, chosen);
      setUpload(state.id_upload);
      setSent(state.received);
      while (!state.done) {
        const from = state.received;
        const bytes = chosen.slice(from, Math.min(from + CHUNK_BYTES, chosen.size));
        state = await familyApi.sendChunk(id, state.id_upload, { bytes, from, size: chosen.size }, (part) =>
          setSent(from + part),
        );
        setSent(state.received);
      }
      navigate(applicationPath(id), { state: { notice: t('documentSent') } });
    } catch (failure) {
      setBusy(false);
      if (upload !== null && failure instanceof ApiError && failure.status === 404) {
        // the upload is gone on the server (it ended, or another was opened): the next try starts afresh
        setUpload(null);
        setSent(null);
        setError(t('documentStopped'));
      } else if (resumable(failure)) setError(t('documentStopped'));
      else {
        setUpload(null);
        setSent(null);
        setError(errorText(failure));
      }
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) setError(t('documentChooseFirst'));
    else void send(file);
  };

  return (
    <form className="panel" onSubmit={submit} noValidate>
      <p id={hintId}>{t('documentAccepted', { types: types.map((type) => NAMES[type]).join(', '), mb: maxMb })}</p>
      {item.document.file ? (
        <p>
          {t('documentCurrent', { name: item.document.file.name })}{' '}
          <a href={item.document.file.url}>{t('documentView')}</a>
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={inputId}>{t('documentChoose')}</label>
        <input
          id={inputId}
          type="file"
          accept={acceptOf(types)}
          aria-describedby={hintId}
          disabled={busy}
          onChange={choose}
        />
      </div>
      {withCamera ? (
        <div className="field">
          <label htmlFor={cameraId}>{t('documentTakePhoto')}</label>
          <input
            id={cameraId}
            type="file"
            accept={acceptOf(types.filter((type) => IMAGES.includes(type)))}
            capture="environment"
            aria-describedby={hintId}
            disabled={busy}
            onChange={choose}
          />
        </div>
      ) : null}
      {file && sent !== null ? <Progress sent={sent} total={file.size} /> : null}
      <Alert message={error} />
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy || !file}>
          {t(upload && !busy ? 'documentResume' : 'documentSend')}
        </button>
      </div>
    </form>
  );
}

function Progress({ sent, total }: { sent: number; total: number }) {
  const { t } = useI18n();
  const labelId = useId();
  const chunks = Math.max(1, Math.ceil(total / CHUNK_BYTES));
  const done = Math.min(chunks, Math.floor(sent / CHUNK_BYTES));
  const percent = total ? Math.floor((sent / total) * 100) : 0;
  return (
    <div className="field">
      <p id={labelId} aria-live="polite">
        {t('documentProgress', { sent: mbOf(sent), total: mbOf(total), percent, done, chunks })}
      </p>
      <progress aria-labelledby={labelId} value={sent} max={total} />
    </div>
  );
}
