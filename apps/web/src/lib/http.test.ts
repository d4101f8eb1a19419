import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient, SESSION_CHANGED } from './http';
import { createSessionStore } from './session';
import { acrossTabs, type Exclusive } from './tabs';

/**
 * A real HTTP server playing the API: the refresh token in a cookie, rotated on every use and strictly
 * single-use here (no grace window), so any second use of a token shows as a reuse; 409 for a stale access token.
 */
let server: http.Server;
let baseUrl: string;
let validAccess = 'access-1';
let validRefresh = 'refresh-1';
let refreshCalls = 0;
let refreshFailures = 0;
let reuses = 0;
let refreshDelayMs = 0;
/** The Idempotency-Key of every API call the server saw (refreshes aside), in order. */
let keysSeen: Array<string | undefined> = [];
let spent = new Set<string>();
/** Never reset: every token ever issued has its own name. */
let issued = 1;

const user = {
  id_user: 7,
  name: 'U',
  email: 'u@x.org',
  photo: null,
  id_context_type: 2,
  role: null,
  id_school: 1,
  id_campus: null,
  isAllCampuses: true,
  schoolSwitch: false,
  schools: [],
  schoolActive: true,
  campusActive: true,
  configuration: { id_main_campus: null, id_main_school_year: null, lng: 'en', theme: 'default' },
};

function refreshAnswer(req: http.IncomingMessage, json: (status: number, body: unknown, cookie?: string) => void) {
  refreshCalls++;
  if (req.headers['x-requested-with'] !== 'openseat') return json(403, { message: 'csrf', code: 'FORBIDDEN' });
  if (refreshFailures > 0) {
    refreshFailures--;
    return json(503, { message: 'down', code: 'UNAVAILABLE' });
  }
  const presented = /openseat_refresh=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (presented && spent.has(presented)) reuses++;
  if (presented !== validRefresh) return json(401, { message: 'no', code: 'UNAUTHORIZED' });
  spent.add(presented);
  issued++;
  validAccess = `access-${issued}`;
  validRefresh = `refresh-${issued}`;
  setTimeout(
    () =>
      json(
        200,
        { accessToken: validAccess, dataToken: 'd', user, permissions: [] },
        `openseat_refresh=${validRefresh}`,
      ),
    refreshDelayMs,
  );
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const json = (status: number, body: unknown, cookie?: string) => {
        res.writeHead(status, { 'content-type': 'application/json', ...(cookie ? { 'set-cookie': cookie } : {}) });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/api/auth/request-new-access-token') return refreshAnswer(req, json);
      keysSeen.push(req.headers['idempotency-key'] as string | undefined);
      const token = req.headers.authorization?.slice(7);
      if (token !== validAccess) return json(409, { message: 'expired', code: 'TOKEN_EXPIRED' });
      const answer = () => json(200, { ok: true, url: req.url });
      if (req.url === '/api/slow') setTimeout(answer, 100);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise((r) => server.close(r)));

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

/** The browser's cookie jar, shared by its tabs: keeps what the server sets and sends it back. */
function cookieJar() {
  let cookie = `openseat_refresh=${validRefresh}`;
  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = { ...(init?.headers as Record<string, string>), cookie };
    const res = await fetch(input, { ...init, headers });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return res;
  };
  return { fetchImpl, current: () => cookie };
}

let ended = 0;
type TabOptions = { jar?: ReturnType<typeof cookieJar>; exclusive?: Exclusive; now?: () => number };

/** One tab: its own memory (a stale access token), the browser's cookie jar and storage. */
function tab({ jar = cookieJar(), exclusive, now }: TabOptions = {}) {
  const storage = memoryStorage();
  const session = createSessionStore(storage);
  session.set({ accessToken: 'stale-token', user, permissions: [] });
  const api = createHttpClient({
    baseUrl,
    session,
    language: () => 'en',
    onSessionEnd: () => ended++,
    fetchImpl: jar.fetchImpl,
    exclusive,
    now,
  });
  return { session, http: api, jar, storage };
}

beforeEach(() => {
  refreshCalls = 0;
  refreshFailures = 0;
  reuses = 0;
  refreshDelayMs = 0;
  spent = new Set();
  ended = 0;
  keysSeen = [];
});

describe('http client', () => {
  it('refreshes an expired token once through the cookie and resends the call', async () => {
    const { http: api, session, jar, storage } = tab();
    const result = await api.get<{ ok: boolean; url: string }>('/things', { page: 0 });
    expect(result).toEqual({ ok: true, url: '/api/things?page=0' });
    expect(refreshCalls).toBe(1);
    expect(session.get().accessToken).toBe(validAccess);
    expect(jar.current()).toBe(`openseat_refresh=${validRefresh}`);
    // nothing a script could steal is kept in storage
    expect([...storage.map.keys()]).toEqual(['openseat.signedIn']);
  });

  it('shares one refresh between concurrent calls of a tab that got 409', async () => {
    const { http: api } = tab();
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(results).toHaveLength(3);
    expect(refreshCalls).toBe(1);
    expect(ended).toBe(0);
  });

  it('two tabs of one browser refresh one after the other, never with the same token', async () => {
    refreshDelayMs = 50;
    const jar = cookieJar();
    const first = tab({ jar, exclusive: acrossTabs('test-refresh-lock') });
    const second = tab({ jar, exclusive: acrossTabs('test-refresh-lock') });
    await Promise.all([first.http.get('/a'), second.http.get('/b')]);
    expect(refreshCalls).toBe(2);
    expect(reuses).toBe(0);
    expect(ended).toBe(0);
  });

  it('control: without the lock, the same two tabs present one token twice', async () => {
    refreshDelayMs = 50;
    const jar = cookieJar();
    const first = tab({ jar });
    const second = tab({ jar });
    await Promise.allSettled([first.http.get('/a'), second.http.get('/b')]);
    expect(reuses).toBe(1);
  });

  it('retries a failing refresh up to 2 times, then ends the session', async () => {
    refreshFailures = 10;
    const { http: api, session } = tab();
    await expect(api.get('/a')).rejects.toMatchObject({ status: 409 });
    expect(refreshCalls).toBe(3);
    expect(ended).toBe(1);
    expect(session.get().user).toBeNull();
  });

  it('recovers when a retry of the refresh succeeds', async () => {
    refreshFailures = 2;
    const { http: api } = tab();
    await expect(api.get('/a')).resolves.toMatchObject({ ok: true });
    expect(refreshCalls).toBe(3);
  });

  it('never resends the refresh after a network error once the retry budget is spent', async () => {
    let clock = 0;
    const jar = cookieJar();
    const lossy: ReturnType<typeof cookieJar> = {
      ...jar,
      fetchImpl: async (input, init) => {
        if (String(input).endsWith('/auth/request-new-access-token')) {
          clock += 6_000;
          throw new TypeError('network error');
        }
        return jar.fetchImpl(input, init);
      },
    };
    const { http: api } = tab({ jar: lossy, now: () => clock });
    await expect(api.get('/a')).rejects.toMatchObject({ status: 409 });
    expect(clock).toBe(6_000);
    expect(ended).toBe(1);
  });

  it('retries at once after a network error inside the budget', async () => {
    let lost = 1;
    const jar = cookieJar();
    const flaky: ReturnType<typeof cookieJar> = {
      ...jar,
      fetchImpl: async (input, init) => {
        if (String(input).endsWith('/auth/request-new-access-token') && lost-- > 0)
          throw new TypeError('network error');
        return jar.fetchImpl(input, init);
      },
    };
    const { http: api } = tab({ jar: flaky });
    await expect(api.get('/a')).resolves.toMatchObject({ ok: true });
    expect(refreshCalls).toBe(1);
  });

  it('drops an answer that arrives after the session changed to another user', async () => {
    const { http: api, session } = tab();
    session.set({ accessToken: validAccess, user, permissions: [] });
    const pending = api.get('/slow');
    session.set({ accessToken: validAccess, user: { ...user, id_user: 8, id_school: 2 }, permissions: [] });
    await expect(pending).rejects.toMatchObject({ code: SESSION_CHANGED });
    // control: the same call under the new session is answered
    await expect(api.get('/slow')).resolves.toMatchObject({ ok: true });
  });

  it('sends a fresh Idempotency-Key per write, the same one when it resends after a refresh, none on reads', async () => {
    const { http: api } = tab();
    await api.post('/notes', { note: 'a' });
    await api.post('/notes', { note: 'a' });
    await api.get('/notes');
    await api.request('POST', '/notes', { body: {}, headers: { 'idempotency-key': 'mine' } });
    const [expired, resent, second, read, own] = keysSeen;
    expect(expired).toMatch(/^[0-9a-f-]{36}$/);
    expect(resent).toBe(expired);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(expired);
    expect(read).toBeUndefined();
    expect(own).toBe('mine');
  });
});
