import { TOKEN_REFRESH_RETRIES } from '@openseat/shared/constants';
import type { LoginResponse } from '@openseat/shared/schemas/auth';
import type { SessionStore } from './session';

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
};

export type RequestOptions = { body?: unknown; form?: FormData; query?: Record<string, string | number | boolean | null | undefined>; raw?: boolean };

/**
 * Fetch wrapper of spec section 7: bearer token on every call; a 409 TOKEN_EXPIRED answer triggers ONE
 * refresh (shared by every call that hit it, since refresh tokens are single-use) and the call is resent;
 * a failing refresh is retried up to TOKEN_REFRESH_RETRIES times, then the session ends.
 */
export function createHttpClient(options: HttpClientOptions) {
  const doFetch = options.fetchImpl ?? fetch;
  let refreshing: Promise<boolean> | null = null;

  function url(path: string, query?: RequestOptions['query']) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    const qs = params.toString();
    return `${options.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { 'accept-language': options.language() };
    const token = options.session.get().accessToken;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    return doFetch(url(path, opts.query), { method, headers, body });
  }

  async function refreshOnce(): Promise<boolean> {
    const refreshToken = options.session.refreshToken();
    const id_user = options.session.userId();
    if (!refreshToken || !id_user) return false;
    for (let attempt = 0; attempt <= TOKEN_REFRESH_RETRIES; attempt++) {
      try {
        const res = await doFetch(url('/auth/request-new-access-token'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'refresh_token', refreshToken: options.session.refreshToken() ?? refreshToken, id_user }),
        });
        if (res.ok) {
          const data = (await res.json()) as LoginResponse;
          options.session.set(data);
          return true;
        }
        if (res.status === 401 || res.status === 400) return false;
      } catch {
        /* network trouble: try again */
      }
    }
    return false;
  }

  /** Exchanges the refresh token for a new session; concurrent callers share the one in flight. */
  function refresh(): Promise<boolean> {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function toError(res: Response): Promise<ApiError> {
    const data = (await res.json().catch(() => ({}))) as { message?: string; code?: string; errors?: FieldError[] };
    return new ApiError(res.status, data.code ?? 'ERROR', data.message ?? res.statusText, data.errors ?? []);
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const tokenUsed = options.session.get().accessToken;
    let res = await send(method, path, opts);
    if (res.status === 409) {
      const error = await toError(res.clone());
      if (error.code === 'TOKEN_EXPIRED') {
        // another call may already have refreshed while this one was in flight
        const renewed = options.session.get().accessToken !== tokenUsed || (await refresh());
        if (!renewed) {
          options.session.clear();
          options.onSessionEnd();
          throw error;
        }
        res = await send(method, path, opts);
      }
    }
    if (res.status === 401 && path !== '/auth/login') {
      options.session.clear();
      options.onSessionEnd();
    }
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

export type HttpClient = ReturnType<typeof createHttpClient>;
