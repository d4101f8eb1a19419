import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import * as s from '../../db/schema/index';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';
import { twilioSignature } from './opt-outs.service';

/*
 * Security rows for Twilio's public webhooks (issue 20, item 1): a school that knows its own auth token must not
 * be able to act for another school, whatever numbers the two share. Each school is on the server's account
 * unless it set an account SID and token of its own.
 */

const SERVER_TOKEN = 'server-auth-token';
const SHARED_FROM = '+15550009999';
const VICTIM_NUMBER = '+15550002222';
const ATTACKER = { sid: 'ACattacker', token: 'attacker-auth-token' };

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
type School = { id_school: number; id_campus: number; admin: string };
let victim: School;
let attacker: School;

async function schoolWithCampus(): Promise<School> {
  const school = await createSchool(ctx.db);
  const campus = await createCampus(ctx.db, school.id_school);
  const admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  return { id_school: school.id_school, id_campus: campus.id_campus, admin };
}

/** Sets a campus's SMS number the way an admin does (PUT /configuration/campus). */
const setCampusNumber = (school: School, phone_number: string | null, lng = 'en') =>
  call<{ message: string }>('PUT', '/configuration/campus', {
    token: school.admin,
    headers: { 'accept-language': lng },
    body: { id_campus: school.id_campus, phone_number, is_lottery_campus: false },
  });

/** Sets a school's own Twilio account the way its admin does (PUT /configuration/school); nulls clear it. */
const setAccount = (school: School, account: { sid: string; token: string } | null) =>
  call<{ message: string }>('PUT', '/configuration/school', {
    token: school.admin,
    body: {
      id_school: school.id_school,
      use_less_parameters: false,
      is_age_school: false,
      is_one_form: false,
      twilio_account_sid: account?.sid ?? null,
      twilio_auth_token: account?.token ?? null,
    },
  });

const webhook = (path: 'inbound' | 'status', params: Record<string, string>, token: string) => {
  const url = `${ctx.baseUrl}/api/webhooks/twilio/${path}`;
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
};
const inbound = (params: { From: string; To: string; Body: string }, token: string) =>
  webhook('inbound', params, token);

const optedOut = async (school: School, phone: string) =>
  (
    await ctx.db
      .select()
      .from(s.communicationOptOut)
      .where(
        and(
          eq(s.communicationOptOut.id_school, school.id_school),
          eq(s.communicationOptOut.channel, 'sms'),
          eq(s.communicationOptOut.address, phone),
        ),
      )
  ).length > 0;

let nextKey = 0;
/** An SMS the school sent (as the dispatcher leaves it), from the campus given. */
async function sentSms(school: School, recipient: string, id_campus = school.id_campus, providerId?: string) {
  const [row] = await ctx.db
    .insert(s.messageOutbox)
    .values({
      id_school: school.id_school,
      id_campus,
      idempotencyKey: `twilio-tenancy:${++nextKey}`,
      channel: 'sms',
      id_message_type: 3,
      recipient,
      body: 'Hello',
      status: 'sent',
      providerId: providerId ?? null,
    })
    .returning();
  return row;
}

beforeAll(async () => {
  ctx = await startTestApp({
    env: {
      TWILIO_ACCOUNT_SID: 'ACserver',
      TWILIO_AUTH_TOKEN: SERVER_TOKEN,
      TWILIO_FROM: SHARED_FROM,
      // nothing in these tests goes out: a send would fail loudly
      TWILIO_API_URL: 'http://127.0.0.1:9',
    },
  });
  call = apiClient(ctx.baseUrl);
  victim = await schoolWithCampus();
  expect((await setCampusNumber(victim, VICTIM_NUMBER)).status).toBe(200);
  attacker = await schoolWithCampus();
  // the attack's set-up: its own account (so it knows the token), then the victim's number on one of its campuses
  expect((await setAccount(attacker, ATTACKER)).status).toBe(200);
  expect((await setCampusNumber(attacker, VICTIM_NUMBER)).status).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

describe("inbound STOP/START to a number two schools' campuses share", () => {
  it("a STOP signed with the attacker's own token opts nobody out at the victim", async () => {
    const family = '+15557770001';
    const res = await inbound({ From: family, To: VICTIM_NUMBER, Body: 'STOP' }, ATTACKER.token);
    expect(res.status).toBe(200);
    expect(await optedOut(victim, family)).toBe(false);
  });

  it("a START signed with the attacker's token leaves the victim's genuine STOP in place", async () => {
    const family = '+15557770002';
    expect((await inbound({ From: family, To: VICTIM_NUMBER, Body: 'STOP' }, SERVER_TOKEN)).status).toBe(200);
    expect(await optedOut(victim, family)).toBe(true);
    expect((await inbound({ From: family, To: VICTIM_NUMBER, Body: 'START' }, ATTACKER.token)).status).toBe(200);
    expect(await optedOut(victim, family)).toBe(true);
  });

  it("genuine STOP and START, signed by the number's account, act for its school only", async () => {
    const family = '+15557770003';
    expect((await inbound({ From: family, To: VICTIM_NUMBER, Body: 'stop' }, SERVER_TOKEN)).status).toBe(200);
    expect(await optedOut(victim, family)).toBe(true);
    expect(await optedOut(attacker, family)).toBe(false);
    expect((await inbound({ From: family, To: VICTIM_NUMBER, Body: 'START' }, SERVER_TOKEN)).status).toBe(200);
    expect(await optedOut(victim, family)).toBe(false);
  });

  it('a school on its own account acts for itself with its own token', async () => {
    const family = '+15557770004';
    expect((await inbound({ From: family, To: VICTIM_NUMBER, Body: 'STOP' }, ATTACKER.token)).status).toBe(200);
    expect(await optedOut(attacker, family)).toBe(true);
    expect(await optedOut(victim, family)).toBe(false);
  });

  it('a signature of no account concerned is refused and changes nothing', async () => {
    const family = '+15557770005';
    const res = await inbound({ From: family, To: VICTIM_NUMBER, Body: 'STOP' }, 'some-other-token');
    expect(res.status).toBe(401);
    expect(await optedOut(victim, family)).toBe(false);
    expect(await optedOut(attacker, family)).toBe(false);
  });
});

describe('status callbacks', () => {
  it("only the message's school's account may report on it", async () => {
    // the attacker's message goes through its own account: the server's token does not speak for it
    const own = await sentSms(attacker, '+15557770010', attacker.id_campus, 'SMattacker1');
    const report = { MessageSid: 'SMattacker1', MessageStatus: 'failed', ErrorCode: '30006' };
    expect((await webhook('status', report, SERVER_TOKEN)).status).toBe(401);
    const [unchanged] = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(eq(s.messageOutbox.id_message, own.id_message));
    expect(unchanged.status).toBe('sent');
    // nor does the attacker's token for the victim's message, which goes through the server's account
    const theirs = await sentSms(victim, '+15557770011', victim.id_campus, 'SMvictim1');
    const forged = { MessageSid: 'SMvictim1', MessageStatus: 'failed', ErrorCode: '30006' };
    expect((await webhook('status', forged, ATTACKER.token)).status).toBe(401);
    const [still] = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(eq(s.messageOutbox.id_message, theirs.id_message));
    expect(still.status).toBe('sent');
    // each account reports on its own messages
    expect((await webhook('status', { ...report, MessageStatus: 'delivered' }, ATTACKER.token)).status).toBe(200);
    expect((await webhook('status', { ...forged, MessageStatus: 'delivered' }, SERVER_TOKEN)).status).toBe(200);
    const delivered = await ctx.db.select().from(s.messageOutbox).where(eq(s.messageOutbox.providerId, 'SMvictim1'));
    expect(delivered[0].status).toBe('delivered');
    const ownDelivered = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(eq(s.messageOutbox.providerId, 'SMattacker1'));
    expect(ownDelivered[0].status).toBe('delivered');
  });
});

describe("the server's shared TWILIO_FROM", () => {
  it("acts only with the server's token, for the schools that text through the server's account", async () => {
    const family = '+15557770020';
    // both texted the family from campuses without a number of their own (from TWILIO_FROM)
    const onServer = await schoolWithCampus();
    const ownAccount = await schoolWithCampus();
    expect((await setAccount(ownAccount, { sid: 'ACown', token: 'own-auth-token' })).status).toBe(200);
    await sentSms(onServer, family);
    await sentSms(ownAccount, family);

    // a school's own token does not speak for the server's number
    const forged = await inbound({ From: family, To: SHARED_FROM, Body: 'STOP' }, 'own-auth-token');
    expect(forged.status).toBe(401);
    expect(await optedOut(onServer, family)).toBe(false);

    expect((await inbound({ From: family, To: SHARED_FROM, Body: 'STOP' }, SERVER_TOKEN)).status).toBe(200);
    expect(await optedOut(onServer, family)).toBe(true);
    expect(await optedOut(ownAccount, family)).toBe(false);

    // a START signed by another account does not undo it
    expect((await inbound({ From: family, To: SHARED_FROM, Body: 'START' }, 'own-auth-token')).status).toBe(401);
    expect(await optedOut(onServer, family)).toBe(true);
    expect((await inbound({ From: family, To: SHARED_FROM, Body: 'START' }, SERVER_TOKEN)).status).toBe(200);
    expect(await optedOut(onServer, family)).toBe(false);
  });
});

describe('sender numbers are unique per Twilio account', () => {
  it("refuses a campus number another school's campus uses on the server's account (409, en and es)", async () => {
    const other = await schoolWithCampus();
    const res = await setCampusNumber(other, '5550002222');
    expect(res).toMatchObject({
      status: 409,
      body: { message: translate('smsSenderInUse', 'en'), errors: [{ path: 'phone_number' }] },
    });
    const es = await setCampusNumber(other, VICTIM_NUMBER, 'es');
    expect(es).toMatchObject({ status: 409, body: { message: translate('smsSenderInUse', 'es') } });
    const [config] = await ctx.db
      .select()
      .from(s.campusConfiguration)
      .where(eq(s.campusConfiguration.id_campus, other.id_campus));
    expect(config.phone_number).toBeNull();
    // a number of its own is fine, and two campuses of one school may share one
    expect((await setCampusNumber(other, '+15550003333')).status).toBe(200);
    const second = await createCampus(ctx.db, other.id_school);
    expect((await setCampusNumber({ ...other, id_campus: second.id_campus }, '+15550003333')).status).toBe(200);
  });

  it('refuses a campus number another school uses under the same own account SID', async () => {
    const first = await schoolWithCampus();
    const second = await schoolWithCampus();
    expect((await setAccount(first, { sid: 'ACsame', token: 'first-token' })).status).toBe(200);
    expect((await setAccount(second, { sid: 'ACsame', token: 'second-token' })).status).toBe(200);
    expect((await setCampusNumber(first, '+15550004444')).status).toBe(200);
    expect((await setCampusNumber(second, '+15550004444')).status).toBe(409);
  });

  it('refuses a change of account that makes a clash, and keeps the account as it was', async () => {
    // the attacker's campus has the victim's number under its own account: back on the server's account it clashes
    const res = await setAccount(attacker, null);
    expect(res).toMatchObject({ status: 409, body: { message: translate('smsSenderInUse', 'en') } });
    const [config] = await ctx.db
      .select()
      .from(s.schoolConfiguration)
      .where(eq(s.schoolConfiguration.id_school, attacker.id_school));
    expect(config.twilio_account_sid).toBe(ATTACKER.sid);
    expect(config.twilio_auth_token_encrypted).not.toBeNull();
  });
});
