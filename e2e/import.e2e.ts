import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, serverUrl, signIn, visit } from './browser';
import { horizontalOverflow, noticesGone, seriousA11yViolations } from './checks';
import { chooseLanguage, settle, trackRequests } from './screens';
import { staffSession, staffCall } from './staff-api';

const baseUrl = serverUrl();
let browser: Browser;

beforeAll(async () => {
  vi.setConfig({ expect: { poll: { timeout: 15_000 } } });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Riverside's school admin: her imports land at Riverside Elementary, whose waiting lists no other file reorders. */
const STAFF = 'michael.chen@demo.openseat.org';
const CAMPUS = 'Riverside Elementary';
const PHONE = { width: 390, height: 844 };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The waiting list a school brings from its last system, as Excel saved it: a merged title row above the headers,
 * dates as date cells, an "Adult" column no guess maps, positions out of file order, one row with a broken e-mail
 * (row 5) and a second row for Sofía (row 7: the same guardian e-mail and birthday, her name without accents, and the
 * phone row 6 lacks).
 */
async function waitingListWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lista de espera');
  sheet.mergeCells('A1:I1');
  sheet.getCell('A1').value = 'Waitlist export — Riverside Elementary';
  sheet.getRow(2).values = [
    'Student First Name',
    'Student Last Name',
    'Date of Birth',
    'Grade Level',
    'Status',
    'Adult',
    'Parent Email',
    'Waitlist Position',
    'Parent Phone',
  ];
  const rows: Array<[string, string, Date, string, string, number | undefined, string | undefined]> = [
    ['Valentina', 'Rojas', new Date(Date.UTC(2021, 3, 12)), 'vrojas.import@example.org', 'Ana Rojas', 2, undefined],
    ['Mateo', 'Silva', new Date(Date.UTC(2021, 1, 3)), 'msilva.import@example.org', 'Luis Silva', 1, undefined],
    ['Lucas', 'Ortiz', new Date(Date.UTC(2021, 7, 20)), 'lucas@', 'Eva Ortiz', 4, undefined],
    ['Sofía', 'Márquez', new Date(Date.UTC(2021, 5, 1)), 'smarquez.import@example.org', 'Rosa Márquez', 3, undefined],
    [
      'Sofia',
      'Marquez',
      new Date(Date.UTC(2021, 5, 1)),
      'smarquez.import@example.org',
      'Rosa Marquez',
      undefined,
      '(602) 555-0188',
    ],
  ];
  rows.forEach(([first, last, born, email, adult, position, phone], i) => {
    const row = sheet.getRow(3 + i);
    row.values = [first, last, born, 'Kinder', 'Waitlisted', adult, email, position, phone];
    row.getCell(3).numFmt = 'mm/dd/yyyy';
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The page at rest, then axe and the 390 px width checked, and a screenshot. */
async function checkScreen(page: Page, name: string) {
  await page.mouse.move(1, 1);
  await noticesGone(page);
  await settle(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

/** Picks `option` in the MUI select named `name`. */
async function choose(page: Page, name: string, option: string) {
  await page.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The campus's Kinder waiting list as the API answers it, in position order. */
async function waitingKinder(): Promise<Array<{ name: string; position: number }>> {
  const { user } = await staffSession(STAFF);
  const get = <T>(path: string) => staffCall<T>(STAFF, 'GET', path);
  const campuses = await get<{ data: Array<{ id_campus: number; name: string }> }>(
    `/campus?id_school=${user.id_school}`,
  );
  const campus = campuses.data.find((c) => c.name === CAMPUS)!;
  const list = await get<{
    data: Array<{ applicantName: string; waiting_list_position: number | null; grade: { name: string } | null }>;
  }>(`/application?type=3&id_campus=${campus.id_campus}&pageSize=100`);
  return list.data
    .filter((row) => row.grade?.name === 'K' && row.waiting_list_position !== null)
    .map((row) => ({ name: row.applicantName, position: row.waiting_list_position! }))
    .sort((a, b) => a.position - b.position);
}

describe('self-serve import, in Spanish on a phone', () => {
  it('uploads an XLSX, fixes a mapping, reads the report, merges a duplicate, imports in the given order', async () => {
    const staff = await browser.newPage({ baseURL: baseUrl, viewport: PHONE });
    trackRequests(staff);
    await signIn(staff, STAFF);
    await staff.waitForURL('**/main/**');
    await chooseLanguage(staff, 'es');
    await visit(staff, '/main/imports');
    await expect.poll(() => staff.locator('main h1').innerText()).toBe('Importar solicitudes');

    await staff
      .getByTestId('import-file')
      .setInputFiles({ name: 'lista-de-espera.xlsx', mimeType: XLSX, buffer: await waitingListWorkbook() });
    await staff.getByTestId('import-upload').click();
    const mapping = staff.getByRole('region', { name: '2. Columnas y valores' });
    // the title row is skipped: the headers are on row 2
    await expect.poll(() => mapping.innerText()).toContain('los encabezados están en la fila 2');
    await choose(staff, 'Campo para «Adult»', 'Nombre del tutor');
    await checkScreen(staff, 'import-01-mapping-es');

    await staff.getByTestId('import-check').click();
    const report = staff.getByTestId('import-report');
    await report.waitFor();
    await expect.poll(() => report.innerText()).toContain('Una fila rechazada');
    const problems = report.getByRole('table', { name: 'Problemas, fila por fila' });
    expect((await problems.getByRole('row').nth(1).innerText()).replace(/\s+/g, ' ')).toBe(
      '5 Correo del tutor Ingrese un correo electrónico válido.',
    );
    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      report.getByRole('button', { name: 'Descargar el informe (CSV)' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('5,guardianEmail,Ingrese un correo electrónico válido.');
    await checkScreen(staff, 'import-02-report-es');

    // Sofia (row 7) looks like Sofía (row 6): merged, her phone fills the one row 6 lacks
    const pair = staff.getByRole('region', { name: 'Fila 7' });
    await expect.poll(() => pair.innerText()).toContain('Fila 6 del archivo (anterior)');
    const commit = staff.getByTestId('import-commit');
    expect(await commit.isDisabled()).toBe(true);
    await pair.getByRole('radio', { name: 'Combinar' }).check();
    await checkScreen(staff, 'import-03-duplicate-es');
    await expect.poll(() => commit.innerText()).toBe('IMPORTAR 3 SOLICITUDES');
    await commit.click();
    await staff.getByTestId('confirm-accept').click();
    const done = staff.getByTestId('import-commit-done');
    await done.waitFor();
    expect(await done.innerText()).toContain('Importado: 3 nuevas, 1 combinadas, 0 omitidas.');
    await checkScreen(staff, 'import-04-imported-es');

    // the waiting list ends with the three, in the file's positions (1 Mateo, 2 Valentina, 3 Sofía)
    const kinder = await waitingKinder();
    const last = kinder.slice(-3);
    expect(last.map((row) => row.name)).toEqual(['Mateo Silva', 'Valentina Rojas', 'Sofía Márquez']);
    expect(last.map((row) => row.position - last[0].position)).toEqual([0, 1, 2]);
    await staff.context().close();
  }, 180_000);
});
