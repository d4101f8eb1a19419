import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, serverUrl, signIn, visit } from './browser';
import { horizontalOverflow, noticesGone, seriousA11yViolations } from './checks';
import { checkScreen, mailedLink } from './family-pages';
import { settle, signInAs, trackRequests } from './screens';
import { staffSession, staffCall } from './staff-api';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * The school admin of Riverside Charter Schools: her lists open on Riverside Elementary, a campus no other file
 * moves applications in, so the offer this walk takes is still an offer whichever file ran before.
 */
const STAFF = 'michael.chen@demo.openseat.org';
const CAMPUS = 'Riverside Elementary';
const GUARDIAN = 'family.registration.e2e@example.org';
const SECOND_GUARDIAN = 'second.guardian.e2e@example.org';
const PHONE = { width: 390, height: 844 };
/** The home phone the family writes in the form; its field feeds the SIS export's home phone column. */
const HOME_PHONE = '602-555-0147';

type Offered = { id_application: number; id_campus_year: number; applicantName: string };

/** The API as the staff member, for what the walk starts from (the checklist's editor has its own e2e file). */
async function staffApi() {
  const session = await staffSession(STAFF);
  const call = <T>(method: string, path: string, body?: unknown) => staffCall<T>(STAFF, method, path, body);
  return { call, id_school: session.user.id_school };
}

type Rows<T> = { data: T[] } | T[];
const rowsOf = <T>(body: Rows<T>): T[] => (Array.isArray(body) ? body : body.data);

/** An offer at the campus: the application the family will accept. */
async function anOffer(api: Awaited<ReturnType<typeof staffApi>>): Promise<Offered> {
  const campuses = rowsOf(
    await api.call<Rows<{ id_campus: number; name: string }>>('GET', `/campus?id_school=${api.id_school}`),
  );
  const campus = campuses.find((c) => c.name === CAMPUS);
  expect(campus, `${CAMPUS} is a campus of the school`).toBeTruthy();
  const offers = rowsOf(
    await api.call<Rows<Offered & { grade: unknown }>>(
      'GET',
      `/application?type=2&id_campus=${campus!.id_campus}&ids_status=5&pageSize=50`,
    ),
  ).filter((row) => row.grade !== null);
  expect(offers.length, 'the campus has an offer').toBeGreaterThan(0);
  return offers[0];
}

const labels = (en: string, es: string) => ({ en, es });

/** The period's packet: a form (its home phone feeds the SIS), a photo, and an agreement both guardians sign. */
const CHECKLIST = [
  {
    kind: 'form',
    required: true,
    labels: labels('Student details', 'Datos del estudiante'),
    form: {
      fields: [
        {
          key: 'home_phone',
          type: 'text',
          labels: labels('Home phone', 'Teléfono de la casa'),
          required: true,
          sis: 'home_phone',
        },
        { key: 'allergies', type: 'yes_no', labels: labels('Any allergies?', '¿Tiene alergias?'), required: true },
        {
          key: 'allergy_details',
          type: 'text',
          labels: labels('Which allergies?', '¿Qué alergias?'),
          required: true,
          showIf: { field: 'allergies', equals: 'yes' },
        },
      ],
    },
  },
  {
    kind: 'document',
    required: true,
    labels: labels('Photo of the student', 'Foto del estudiante'),
    document: { types: ['jpeg', 'png'], maxMb: 5 },
  },
  {
    kind: 'agreement',
    required: true,
    labels: labels('Family handbook', 'Manual de la familia'),
    agreement: {
      text: labels(
        'We have read the family handbook and agree to follow it.',
        'Hemos leído el manual de la familia y aceptamos cumplirlo.',
      ),
      signers: 'two',
    },
  },
];

/** A phone in Spanish: the portal opens in the browser's language. */
async function spanishPhone(): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE, locale: 'es-US' });
  return context.newPage();
}

/** A 600 x 800 JPEG as a phone's camera would hand it over, drawn by the browser itself. */
async function aPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 600, height: 800 });
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#7aa6c2';
    context.fillRect(0, 0, 600, 800);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** Staff write the guardian's e-mail on the application, with Spanish as the language of the family's messages. */
async function giveToGuardian(staff: Page, id: number) {
  await visit(staff, `/main/applications/${id}`);
  await staff.getByTestId('application-edit').click();
  const dialog = staff.getByRole('dialog');
  await staff.getByTestId('info-guardian.email').fill(GUARDIAN);
  await dialog.getByRole('combobox', { name: 'Language for messages' }).click();
  await staff.getByRole('option', { name: 'Spanish', exact: true }).click();
  await staff.getByTestId('info-save').click();
  await dialog.waitFor({ state: 'detached' });
}

/** A staff screen at 390 px, checked at rest: nothing loading, the notices gone (axe reads one mid-fade paler than it is). */
async function staffAtRest(staff: Page) {
  // a notice's timer waits while its window is in the background (the family's phones came later) or under the
  // pointer (at 390 px it spans the bottom, where the last button was)
  await staff.bringToFront();
  await staff.mouse.move(1, 1);
  await noticesGone(staff);
  await settle(staff);
  expect(await seriousA11yViolations(staff)).toEqual([]);
  expect(await horizontalOverflow(staff)).toBeLessThanOrEqual(0);
}

/** Back on the application's page after an item, with the notice the item's page left there. */
async function backWith(portal: Page, id: number, notice: string) {
  await portal.waitForURL(`**/family/applications/${id}`);
  await expect.poll(() => portal.getByRole('status').first().innerText()).toBe(notice);
}

const itemState = (portal: Page, item: string) =>
  portal.locator('.registration li').filter({ hasText: item }).locator('.item-state').first().innerText();

describe('registration after the offer, on a phone', () => {
  it('accepts, completes a three-item packet in Spanish, the second guardian signs, staff approve and enroll', async () => {
    const api = await staffApi();
    const offer = await anOffer(api);
    await api.call('PUT', '/registration/checklist', { id_campus_year: offer.id_campus_year, items: CHECKLIST });
    const child = offer.applicantName.split(' ')[0];

    const staff = await browser.newPage({ baseURL: baseUrl, viewport: PHONE });
    trackRequests(staff);
    await signIn(staff, STAFF);
    await staff.waitForURL('**/main/**');
    await giveToGuardian(staff, offer.id_application);

    // the guardian signs in from the mailed link, in Spanish
    const portal = await spanishPhone();
    await portal.goto('/family');
    await portal.locator('input[name=contact]').fill(GUARDIAN);
    await portal.locator('main button[type=submit]').click();
    await expect.poll(() => portal.locator('main h1').innerText()).toBe('Revise su correo electrónico');
    const admin = await browser.newPage({ baseURL: baseUrl });
    await signInAs(admin, 'superadmin');
    await visit(admin, '/main/mail');
    await portal.goto(
      await mailedLink(
        admin,
        [GUARDIAN, 'Su enlace para entrar al portal de familias'],
        /\/family\/link\/[A-Za-z0-9_-]{40,}$/,
      ),
    );
    await portal.waitForURL('**/family/applications');
    await portal.locator(`a[href="/family/applications/${offer.id_application}"]`).first().click();
    await portal.waitForURL(`**/family/applications/${offer.id_application}`);

    // the offer accepted: the packet opens
    await portal.getByRole('button', { name: 'Aceptar la plaza' }).click();
    await portal.getByRole('button', { name: 'Sí, aceptar' }).click();
    await expect.poll(() => portal.getByRole('status').first().innerText()).toBe('Gracias. Ha aceptado la plaza.');
    await portal.getByRole('heading', { name: 'Inscripción' }).waitFor();
    expect(await portal.locator('main').innerText()).toContain('0 de 3 elementos obligatorios aprobados');
    await checkScreen(portal, 'walk-01-packet-es');

    // 1. the form: the follow-up question appears with its answer, a missing answer is named before sending
    await portal.getByRole('link', { name: 'Completar: Datos del estudiante' }).click();
    await portal.getByLabel('Teléfono de la casa').fill(HOME_PHONE);
    await portal.getByRole('radio', { name: 'Sí' }).check();
    await portal.getByRole('button', { name: 'Enviar mis respuestas' }).click();
    await expect.poll(() => portal.getByText('Por favor responda esta pregunta.').count()).toBe(1);
    await portal.getByLabel('¿Qué alergias?').fill('Cacahuates');
    await checkScreen(portal, 'walk-02-form-es');
    await portal.getByRole('button', { name: 'Enviar mis respuestas' }).click();
    await backWith(portal, offer.id_application, 'Gracias. La escuela revisará sus respuestas.');

    // 2. the photo, sent in chunks with its progress
    await portal.getByRole('link', { name: 'Subir: Foto del estudiante' }).click();
    const photo = await aPhoto(portal);
    await portal
      .getByLabel('Elegir un archivo')
      .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await checkScreen(portal, 'walk-03-photo-es');
    await portal.getByRole('button', { name: 'Enviar el documento' }).click();
    await backWith(portal, offer.id_application, 'Gracias. La escuela revisará su documento.');

    // 3. the agreement: consent, the typed name, then the invitation to the other guardian
    await portal.getByRole('link', { name: 'Leer y firmar: Manual de la familia' }).click();
    await expect.poll(() => portal.locator('main').innerText()).toContain('Hemos leído el manual de la familia');
    await portal.getByRole('checkbox').check();
    await portal.getByLabel('Su nombre completo').fill('María Ortega');
    await checkScreen(portal, 'walk-04-sign-es');
    await portal.getByRole('button', { name: 'Firmar' }).click();
    await expect.poll(() => portal.getByText('Gracias. Su firma quedó guardada.').count()).toBeGreaterThan(0);
    await portal.getByLabel('Correo del otro tutor').fill(SECOND_GUARDIAN);
    await portal.getByRole('button', { name: 'Enviar la invitación' }).click();
    await expect.poll(() => portal.getByText('La invitación va en camino.').count()).toBeGreaterThan(0);
    await checkScreen(portal, 'walk-05-invited-es');

    // the second guardian signs from the captured mail, on their own phone, without an account
    const second = await spanishPhone();
    const cosign = await mailedLink(
      admin,
      [SECOND_GUARDIAN, `firme «Manual de la familia» para ${child}`],
      new RegExp(`/family/cosign/[A-Za-z0-9_-]{20,}\\?to=${offer.id_application}$`),
    );
    await second.goto(cosign);
    await expect.poll(() => second.locator('main').innerText()).toContain('Hemos leído el manual de la familia');
    await second.getByRole('checkbox').check();
    await second.getByLabel('Su nombre completo').fill('Jorge Ortega');
    await checkScreen(second, 'walk-06-cosign-es');
    await second.getByRole('button', { name: 'Firmar' }).click();
    await expect
      .poll(() => second.locator('main').innerText())
      .toContain('La escuela ya tiene las dos firmas. Puede cerrar esta página.');

    // the family's packet: all three sent, waiting for the school
    await portal.goto(`/family/applications/${offer.id_application}`);
    for (const item of ['Datos del estudiante', 'Foto del estudiante', 'Manual de la familia'])
      await expect.poll(() => itemState(portal, item)).toBe('Enviado: la escuela lo está revisando');
    await checkScreen(portal, 'walk-07-sent-es');

    // staff: the queue holds the three items; the packet shows what was sent; each approved
    await visit(staff, `/main/registration-reviews?period=${offer.id_campus_year}`);
    await expect.poll(() => staff.locator('main').innerText()).toContain(offer.applicantName);
    await staffAtRest(staff);
    await screenshot(staff, 'walk-08-review-queue');
    await visit(staff, `/main/registration-reviews/applications/${offer.id_application}`);
    await expect.poll(() => staff.locator('main').innerText()).toContain(HOME_PHONE);
    // the photo at a glance, and the second guardian's signed PDF
    await staff.getByRole('button', { name: 'Show the image sent for “Photo of the student”' }).click();
    const shown = staff.getByRole('img', { name: 'The image sent for “Photo of the student”' });
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    const [pdf] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'The signed PDF of Jorge Ortega' }).click(),
    ]);
    expect(
      fs
        .readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    for (const item of ['Student details', 'Photo of the student', 'Family handbook']) {
      await staff.getByRole('button', { name: `Approve “${item}”` }).click();
      await staff.getByRole('button', { name: `Approve “${item}”` }).waitFor({ state: 'detached' });
    }
    await expect.poll(() => staff.getByTestId('packet-progress').innerText()).toContain('3');
    await staff.getByTestId('packet-complete').waitFor();
    await staffAtRest(staff);
    await screenshot(staff, 'walk-09-packet-approved');

    // the move to enrolled, accepted now that the packet is complete
    await visit(staff, `/main/applications/${offer.id_application}`);
    await staff.getByTestId('application-move').click();
    await staff.getByTestId('move-to-9').click();
    await staff.getByTestId('move-submit').click();
    await expect.poll(() => staff.getByTestId('application-status').innerText()).toBe('Enrolled');

    // the family sees every item approved
    await portal.reload();
    await expect
      .poll(() => portal.locator('main').innerText())
      .toContain('3 de 3 elementos obligatorios aprobados por la escuela');
    await checkScreen(portal, 'walk-10-approved-es');

    // the PowerSchool file sent to the SIS carries the student and the home phone the family wrote
    await visit(staff, `/main/enrollment-settings/${offer.id_campus_year}/sis`);
    await expect.poll(() => staff.locator('main').innerText()).toContain(offer.applicantName);
    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByTestId('sis-send').click()]);
    const file = fs.readFileSync((await download.path())!, 'utf8');
    const [lastName, firstName] = [offer.applicantName.split(' ').slice(1).join(' '), child];
    const line = file.split(/\r?\n/).find((l) => l.includes(firstName) && l.includes(lastName));
    expect(line, 'the student is in the PowerSchool file').toBeTruthy();
    // as PowerSchool's phone columns write it
    expect(line).toContain('(602) 555-0147');
    await staffAtRest(staff);
    await screenshot(staff, 'walk-11-sis-sent');

    await Promise.all([portal, second, staff, admin].map((p) => p.context().close()));
  }, 240_000);
});
