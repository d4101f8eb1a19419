import type { FormAnswers } from '@openseat/shared/registration-rules';
import type {
  AgreementSignRequest,
  CosignAgreement,
  DocumentUpload,
  FamilyRegistration,
} from '@openseat/shared/schemas/registration';
import type {
  FamilyAnswer,
  FamilyApplication,
  FamilyApplicationDetail,
  FamilyDeclineReason,
  FamilyLanguage,
  FamilySession,
  FamilySessionRequest,
  FamilySignIn,
} from '@openseat/shared/schemas/family';
import type { FamilySmsConsentChange, FamilySmsConsentSchool } from '@openseat/shared/schemas/sms-consent';

/*
 * The portal's calls, all under /api/family. The session is the portal's own HttpOnly cookie: the browser sends it
 * with every same-origin call, so nothing here holds a token.
 */

/**
 * A call the server refused: its status and its `message` (already in the guardian's language). `sessionEnded`: the
 * app is already on its way back to the sign-in screen (a 401 outside signing in).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly sessionEnded = false,
  ) {
    super(message);
  }
}

let sessionEnded: () => void = () => {};
/** The app registers how to go back to the sign-in screen when a call answers 401 (no session, or it ended). */
export const onSessionEnd = (handler: () => void) => {
  sessionEnded = handler;
};

let language: FamilyLanguage = 'en';
/** The language the server writes its error messages in. */
export const setApiLanguage = (lng: FamilyLanguage) => {
  language = lng;
};

type Options = { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; signingIn?: boolean };

async function call<T>(path: string, { method = 'GET', body, signingIn = false }: Options = {}): Promise<T> {
  // the marker lets the server's same-site check pass where a browser sends no Origin
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': language,
    'x-requested-with': 'fetch',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`/api/family${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const payload: unknown = text ? safeJson(text) : undefined;
  if (res.ok) return payload as T;
  // on the sign-in screens a 401 is the answer to the attempt (a wrong code, a used link), not a session that ended
  const ended = res.status === 401 && !signingIn;
  if (ended) sessionEnded();
  throw new ApiError(res.status, messageOf(payload), ended);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(payload: unknown): string {
  if (payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') {
    return payload.message;
  }
  return '';
}

export const familyApi = {
  signIn: (body: FamilySignIn) => call<unknown>('/sign-in', { method: 'POST', body, signingIn: true }),
  openSession: (body: FamilySessionRequest) => call<unknown>('/session', { method: 'POST', body, signingIn: true }),
  /** Who is signed in; `quiet` asks without leaving for the sign-in screen when nobody is. */
  session: (quiet = false) => call<FamilySession>('/session', { signingIn: quiet }),
  signOut: () => call<unknown>('/sign-out', { method: 'POST', signingIn: true }),
  setLanguage: (lng: FamilyLanguage) => call<unknown>('/language', { method: 'PUT', body: { lng } }),
  applications: () => call<FamilyApplication[]>('/applications'),
  /** Consent to texts, per school of the guardian's applications (docs/privacy.md, "Messaging consent"). */
  smsConsent: () => call<FamilySmsConsentSchool[]>('/sms-consent'),
  answerSmsConsent: (body: FamilySmsConsentChange) =>
    call<FamilySmsConsentSchool[]>('/sms-consent', { method: 'PUT', body }),
  application: (id: number) => call<FamilyApplicationDetail>(`/applications/${id}`),
  declineReasons: (id: number) => call<FamilyDeclineReason[]>(`/applications/${id}/decline-reasons`),
  answer: (id: number, body: FamilyAnswer) => call<unknown>(`/applications/${id}/answer`, { method: 'POST', body }),
  registration: (id: number) => call<FamilyRegistration>(`/applications/${id}/registration`),
  sendForm: (id: number, item: number, answers: FormAnswers) =>
    call<unknown>(`/applications/${id}/registration/forms/${item}`, { method: 'PUT', body: { answers } }),
  /** Opens a resumable upload of the item's document. */
  startUpload: (id: number, item: number, file: { name: string; size: number }) =>
    call<DocumentUpload>(`/applications/${id}/registration/documents/${item}/uploads`, {
      method: 'POST',
      body: { name: file.name, size: file.size },
    }),
  /** Where an upload stands: the next chunk starts at `received`. */
  uploadState: (id: number, upload: string) =>
    call<DocumentUpload>(`/applications/${id}/registration/uploads/${upload}`),
  sendChunk,
  signAgreement: (id: number, item: number, body: AgreementSignRequest) =>
    call<unknown>(`/applications/${id}/registration/agreements/${item}/sign`, { method: 'POST', body }),
  inviteCosigner: (id: number, item: number, email: string) =>
    call<unknown>(`/applications/${id}/registration/agreements/${item}/invite`, { method: 'POST', body: { email } }),
  /** The invited guardian has no session: their link's token opens this one agreement (a 401 is not a session end). */
  openCosign: (id_application: number, token: string, lng: FamilyLanguage) =>
    call<CosignAgreement>('/cosign', { method: 'POST', body: { id_application, token, lng }, signingIn: true }),
  cosign: (id_application: number, token: string, body: AgreementSignRequest) =>
    call<unknown>('/cosign/sign', { method: 'POST', body: { ...body, id_application, token }, signingIn: true }),
};

/**
 * One chunk of an upload (`Content-Range` from `from`), by XMLHttpRequest: fetch reports no upload progress.
 * `onProgress` gets the bytes of this chunk sent so far. A dropped connection is an ApiError with status 0.
 */
function sendChunk(
  id: number,
  upload: string,
  chunk: { bytes: Blob; from: number; size: number },
  onProgress: (sent: number) => void,
): Promise<DocumentUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api/family/applications/${id}/registration/uploads/${upload}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', language);
    xhr.setRequestHeader('x-requested-with', 'fetch');
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    const end = chunk.from + chunk.bytes.size - 1;
    xhr.setRequestHeader('content-range', `bytes ${chunk.from}-${end}/${chunk.size}`);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onerror = () => reject(new ApiError(0, ''));
    xhr.onabort = () => reject(new ApiError(0, ''));
    xhr.onload = () => {
      const payload = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(payload as DocumentUpload);
      const ended = xhr.status === 401;
      if (ended) sessionEnded();
      reject(new ApiError(xhr.status, messageOf(payload), ended));
    };
    xhr.send(chunk.bytes);
  });
}
