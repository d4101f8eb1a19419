import { TOKEN_REFRESH_RETRIES } from '@openseat/shared/constants';
import type { LoginResponse } from '@openseat/shared/schemas/auth';
import type { SessionStore } from './session';
import type { Exclusive } from './tabs';

export type FieldError = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

export type HttpClientOptions = {
  baseUrl: string;
  session: SessionStore;
  language: () => string;
  /** Called when the session cannot be kept (refresh failed, 401): the app goes to /login. */
  onSessionEnd: () => void;
  fetchImpl?: typeof fetch;
  /** Runs the refresh holding a lock the browser's tabs share, so they never refresh at the same time. */
  exclusive?: Exclusive;
  /**
   * How long after a refresh attempt a retry may still go out: the server answers a second use of a refresh
   * token within its grace window (10 s) with the same successor, so a retry inside this budget is safe even
   * when the lost attempt had spent the token. Past it, the client never resends.
   */
  retryBudgetMs?: number;
  now?: () => number;
};

export type RequestOptions = {
  body?: unknown;
  form?: FormData;
  query?: Record<string, string | number | boolean | null | undefined>;
  raw?: boolean;
  /** For a form upload: called with the share sent so far (0..1); the upload then goes through XMLHttpRequest. */
  onUploadProgress?: (share: number) => void;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
};

/** fetch cannot report upload progress: the same request through XMLHttpRequest, answered as a Response. */
function sendWithProgress(
  target: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit },
  onProgress: (share: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, target);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const nullBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      const type = xhr.getResponseHeader('content-type');
      resolve(
        new Response(nullBody ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: type ? { 'content-type': type } : {},
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write carries an Idempotency-Key (docs/api-foundation.md): fresh for each call of `request`, kept when the call
 * resends itself after a refresh, so the server runs it once. A caller may bring its own (a dialog's one send).
 */
function withIdempotencyKey(method: string, opts: RequestOptions): RequestOptions {
  if (!WRITES.has(method)) return opts;
  const headers = opts.headers ?? {};
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key')) return opts;
  return { ...opts, headers: { ...headers, 'idempotency-key': crypto.randomUUID() } };
}

/** Sent on every call; the refresh and logout calls need it (CSRF guard on the cookie-carrying routes). */
const SAME_SITE_HEADER = { 'x-requested-with': 'openseat' };

/** The session changed (sign-out, another user, another school) while the call was in flight. */
export const SESSION_CHANGED = 'SESSION_CHANGED';

/**
 * Fetch wrapper of spec section 7: bearer token on every call; a 409 TOKEN_EXPIRED answer triggers ONE
 * refresh (shared by every call of the tab that hit it, and one at a time across tabs) and the call is resent;
 * a failing refresh is retried up to TOKEN_REFRESH_RETRIES times within the retry budget, then the session ends.
 * The refresh token is the HttpOnly cookie the browser sends itself.
 */
export function createHttpClient(options: HttpClientOptions) {
  const doFetch = options.fetchImpl ?? fetch;
  const exclusive: Exclusive = options.exclusive ?? ((task) => task());
  const retryBudgetMs = options.retryBudgetMs ?? 5_000;
  const now = options.now ?? Date.now;
  let refreshing: Promise<boolean> | null = null;

  function url(path: string, query?: RequestOptions['query']) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    const qs = params.toString();
    return `${options.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = {
      ...opts.headers,
      'accept-language': options.language(),
      ...SAME_SITE_HEADER,
    };
    const token = options.session.get().accessToken;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    if (opts.onUploadProgress && opts.form)
      return sendWithProgress(url(path, opts.query), { method, headers, body }, opts.onUploadProgress);
    return doFetch(url(path, opts.query), { method, headers, body, credentials: 'same-origin' });
  }

  async function refreshOnce(): Promise<boolean> {
    const id_user = options.session.get().user?.id_user;
    const started = now();
    for (let attempt = 0; attempt <= TOKEN_REFRESH_RETRIES; attempt++) {
      if (attempt > 0 && now() - started > retryBudgetMs) return false;
      try {
        const res = await doFetch(url('/auth/request-new-access-token'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...SAME_SITE_HEADER },
          credentials: 'same-origin',
          body: JSON.stringify({ grant_type: 'refresh_token', ...(id_user ? { id_user } : {}) }),
        });
        if (res.ok) {
          options.session.set((await res.json()) as LoginResponse);
          return true;
        }
        if (res.status === 400 || res.status === 401 || res.status === 403) return false;
      } catch {
        /* network trouble: the attempt may or may not have spent the token; retry inside the budget */
      }
    }
    return false;
  }

  /** Exchanges the refresh cookie for a new session; callers of this tab share the one in flight. */
  function refresh(): Promise<boolean> {
    refreshing ??= exclusive(refreshOnce).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function endSession() {
    options.session.clear();
    options.onSessionEnd();
  }

  async function toError(res: Response): Promise<ApiError> {
    const data = (await res.json().catch(() => ({}))) as { message?: string; code?: string; errors?: FieldError[] };
    return new ApiError(res.status, data.code ?? 'ERROR', data.message ?? res.statusText, data.errors ?? []);
  }

  async function request<T>(method: string, path: string, given: RequestOptions = {}): Promise<T> {
    const opts = withIdempotencyKey(method, given);
    const epoch = options.session.epoch();
    const tokenUsed = options.session.get().accessToken;
    let res = await send(method, path, opts);
    if (res.status === 409) {
      const error = await toError(res.clone());
      if (error.code === 'TOKEN_EXPIRED') {
        // another call may already have refreshed while this one was in flight
        const renewed = options.session.get().accessToken !== tokenUsed || (await refresh());
        if (!renewed) {
          endSession();
          throw error;
        }
        if (options.session.epoch() === epoch) res = await send(method, path, opts);
      }
    }
    // an answer meant for an earlier session (another user or school) never reaches the screen or the cache
    if (options.session.epoch() !== epoch) throw new ApiError(401, SESSION_CHANGED, res.statusText);
    if (res.status === 401 && path !== '/auth/login') endSession();
    if (!res.ok) throw await toError(res);
    if (opts.raw) return res as unknown as T;
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  return {
    request,
    refresh,
    get: <T>(path: string, query?: RequestOptions['query']) => request<T>('GET', path, { query }),
    post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
    del: <T>(path: string) => request<T>('DELETE', path),
  };
}
