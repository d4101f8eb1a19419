import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { LoginResponse } from '@openseat/shared/schemas/auth';
import { desc } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { capturedMail } from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser, TEST_PASSWORD } from '../../test/factories';
import { signIn } from '../../test/session';
import { signAccessToken } from './auth.tokens';
import { browserSignIn, refreshCookieOf, refreshWith } from './auth.testing';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
});
afterAll(() => ctx?.close());

describe('login', () => {
  it('signs in a school user and tells who it is and what it may do', async () => {
    const school = await createSchool(ctx.db);
    const user = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    const { body: session, refreshToken } = await browserSignIn(ctx.baseUrl, user.email);
    expect(session.user).toMatchObject({
      id_user: user.id_user,
      id_school: school.id_school,
      id_context_type: 2,
      role: { name: 'School Admin' },
    });
    expect(session.permissions).toContainEqual({ action: 'access', subject: 'dashboard' });
    expect(refreshToken).not.toEqual(session.accessToken);
    const validated = await call('POST', '/auth/validate-token', { token: session.accessToken });
    expect(validated.status).toBe(200);
    expect(validated.body.user).toMatchObject({ id_user: user.id_user });
  });

  it('refuses a wrong password and an unknown user with the same message, in both languages', async () => {
    const user = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
    const wrong = await call('POST', '/auth/login', { body: { email: user.email, password: 'not-the-password' } });
    const unknown = await call('POST', '/auth/login', {
      body: { email: 'nobody@test.openseat.org', password: 'whatever-it-is' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Wrong e-mail or password.');
    expect(unknown.body.message).toBe(wrong.body.message);
    const es = await call('POST', '/auth/login', {
      body: { email: user.email, password: 'not-the-password' },
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(es.body.message).toBe('Correo electrónico o contraseña incorrectos.');
  });

  it('refuses an inactive user', async () => {
    const user = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM, isActive: false });
    const res = await call('POST', '/auth/login', { body: { email: user.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('This account is inactive. Contact your administrator.');
  });

  it('answers bad input with 400 and the spec messages', async () => {
    const res = await call('POST', '/auth/login', { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Enter a valid email.' },
        { path: 'password', message: 'Password is required.' },
      ]),
    );
  });
});

describe('tokens', () => {
  // rotation, the grace window and reuse after it: sessions.test.ts

  it('answers 409 to an expired access token and 401 to a forged one', async () => {
    const user = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
    const sessionId = String(decodeJwt((await signIn(ctx.baseUrl, user.email)).accessToken).sid);
    const claims = { id_user: user.id_user, tokenVersion: 0, id_school_chosen: null, sessionId };
    const expired = await signAccessToken(ctx.secrets.jwtSecret, claims, -10);
    const res = await call('POST', '/auth/validate-token', { token: expired });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
    const forged = await signAccessToken(new TextEncoder().encode('x'.repeat(40)), claims);
    expect((await call('POST', '/auth/validate-token', { token: forged })).status).toBe(401);
    // positive control: the same claims under the real key
    const genuine = await signAccessToken(ctx.secrets.jwtSecret, claims);
    expect((await call('POST', '/auth/validate-token', { token: genuine })).status).toBe(200);
    expect((await call('POST', '/auth/validate-token', { token: 'garbage' })).status).toBe(401);
  });

  it('does not accept a refresh token as an access token', async () => {
    const user = await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM });
    const session = await browserSignIn(ctx.baseUrl, user.email);
    expect((await call('POST', '/auth/validate-token', { token: session.refreshToken })).status).toBe(401);
    expect((await call('POST', '/auth/validate-token', { token: session.body.dataToken })).status).toBe(401);
    expect((await call('POST', '/auth/validate-token', { token: session.accessToken })).status).toBe(200);
  });
});

describe('school maintainer', () => {
  it('must choose one of its schools before working, then works inside it', async () => {
    const mine = await createSchool(ctx.db);
    const other = await createSchool(ctx.db);
    const user = await createUser(ctx.db, {
      context: CONTEXT_TYPE.SCHOOL_MAINTAINER,
      maintainedSchools: [mine.id_school],
    });
    const session = await signIn(ctx.baseUrl, user.email);
    expect(session.user.id_school).toBeNull();
    expect(session.user.schools.map((s) => s.id_school)).toEqual([mine.id_school]);
    expect(session.permissions).toEqual([]);

    const refused = await call('POST', '/auth/login-with-school', {
      token: session.accessToken,
      body: { id_user: user.id_user, id_school: other.id_school },
    });
    expect(refused.status).toBe(403);
    const chosen = await call<LoginResponse>('POST', '/auth/login-with-school', {
      token: session.accessToken,
      body: { id_user: user.id_user, id_school: mine.id_school },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.user).toMatchObject({ id_school: mine.id_school, schoolSwitch: true });
    expect(chosen.body.permissions.length).toBeGreaterThan(0);
    // the school choice is a new sign-in with its own cookie; the one before it ends
    expect(refreshCookieOf(chosen.headers)?.value).toMatch(/^[0-9a-f-]{36}\./);
    expect((await call('POST', '/auth/validate-token', { token: chosen.body.accessToken })).status).toBe(200);
    expect((await call('POST', '/auth/validate-token', { token: session.accessToken })).status).toBe(401);
  });
});

describe('password recovery', () => {
  const latestMailTo = async (to: string) => {
    const [mail] = await ctx.db.select().from(capturedMail).orderBy(desc(capturedMail.id_captured_mail)).limit(1);
    expect(mail?.to).toBe(to);
    return mail;
  };

  it('mails a single-use link that sets a new password and ends other sessions', async () => {
    const school = await createSchool(ctx.db);
    const campus = await createCampus(ctx.db, school.id_school);
    const user = await createUser(ctx.db, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: school.id_school,
      id_campus: campus.id_campus,
    });
    const oldSession = await browserSignIn(ctx.baseUrl, user.email);

    const known = await call('POST', '/auth/recovery-password', { body: { email: user.email } });
    const unknown = await call('POST', '/auth/recovery-password', { body: { email: 'ghost@test.openseat.org' } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    // the mail is sent by a job after the request's transaction commits: wait for it
    await expect
      .poll(async () => (await latestMailTo(user.email))?.text ?? '', { timeout: 15_000 })
      .toContain('/resetpassword?token=');
    const mail = await latestMailTo(user.email);
    const token = new URL(/http\S+/.exec(mail.text ?? '')![0]).searchParams.get('token')!;

    const mismatch = await call('POST', '/auth/reset-password', {
      body: { token, password: 'a-new-password-1', confirmPassword: 'something-else' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords must match.');

    const reset = await call('POST', '/auth/reset-password', {
      body: { token, password: 'a-new-password-1', confirmPassword: 'a-new-password-1' },
    });
    expect(reset.status).toBe(200);
    const again = await call('POST', '/auth/reset-password', {
      body: { token, password: 'another-password-2', confirmPassword: 'another-password-2' },
    });
    expect(again.status).toBe(400);

    expect((await call('POST', '/auth/validate-token', { token: oldSession.accessToken })).status).toBe(401);
    expect((await refreshWith(ctx.baseUrl, oldSession.refreshToken, user.id_user)).status).toBe(401);
    await signIn(ctx.baseUrl, user.email, 'a-new-password-1');
  });
});

describe('every route', () => {
  it('refuses anonymous calls to every non-public /api route with 401', async () => {
    const closed = ctx.app.apiRoutes.filter((r) => !r.public);
    expect(closed.length).toBeGreaterThanOrEqual(3);
    for (const route of closed) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const res = await call(
        route.method,
        url.replace(/^\/api/, ''),
        route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} },
      );
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('serves the OpenAPI document of every route', async () => {
    const doc = await call<{ openapi: string; paths: Record<string, unknown> }>('GET', '/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/user', '/api/enrollment/campusYear']),
    );
  });

  it('never answers bad input with a 500', async () => {
    const malformed = await call('POST', '/auth/login', { rawBody: '{"email": ' });
    expect(malformed.status).toBe(400);
    const wrongTypes = await call('POST', '/auth/login', { body: { email: 42, password: ['x'] } });
    expect(wrongTypes.status).toBe(400);
    const huge = await call('POST', '/auth/login', {
      rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    const unknownRoute = await call('GET', '/no-such-thing');
    expect(unknownRoute.status).toBe(404);
  });
});
