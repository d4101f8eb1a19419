import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CampusYearRowSchema, type CampusYearRow } from '@openseat/shared/schemas/enrollment';
import {
  RegistrationChecklistSchema,
  type RegistrationChecklist,
  type RegistrationItem,
} from '@openseat/shared/schemas/registration';
import { translate } from '@openseat/shared/messages';
import { i18n } from '../../../lib/i18n';
import { answer, api, recorder } from '../../../test/api';
import { EVERY_PERMISSION, renderScreen } from '../../../test/render';
import RegistrationChecklistPage from './RegistrationChecklistPage';

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

const periodOf = (id_campus_year: number, id_school: number, campus: string, year: string): CampusYearRow =>
  CampusYearRowSchema.parse({
    id_campus_year,
    id_school,
    id_campus: id_campus_year,
    campus: { id_campus: id_campus_year, name: campus },
    id_school_year: 3,
    school_year: { id_school_year: 3, name: year, year_one: 2027, year_two: 2028 },
    spots: 40,
    enrollment_start_date: null,
    enrollment_end_date: null,
    first_day_of_school: null,
    enrollment_acceptance_period: 0,
    offer_deadline: {
      days: null,
      fixedDate: null,
      timeOfDay: '17:00',
      skipWeekends: false,
      holidays: [],
      reminderHours: null,
    },
    timeZone: 'America/Phoenix',
    enrollment_mode: 1,
    auto_move_waiting_list_on_decline: false,
    sibling_priority: false,
    state: 'started',
    ready_to_start: true,
    readiness: [],
    seats: { spots: 40, taken: 0 },
    startedAt: null,
    finalizedAt: null,
    updatedAt: '2026-11-01T00:00:00.000Z',
  }) as CampusYearRow;
const PERIOD = periodOf(30, 1, 'Alpha North', '2027-2028');

const words = (en: string) => ({ en, es: `${en} (es)` });
const CERTIFICATE: RegistrationItem = {
  id_registration_item: 5,
  version: 'a'.repeat(64),
  kind: 'document',
  required: true,
  labels: words('Birth certificate'),
  help: null,
  document: { types: ['pdf', 'jpeg'], maxMb: 10 },
};
const HANDBOOK: RegistrationItem = {
  id_registration_item: 6,
  version: 'b'.repeat(64),
  kind: 'agreement',
  required: true,
  labels: words('Family handbook'),
  help: null,
  agreement: { text: words('We have read the handbook.'), signers: 'two' },
};
const HEALTH: RegistrationItem = {
  id_registration_item: 7,
  version: 'c'.repeat(64),
  kind: 'form',
  required: false,
  labels: words('Health'),
  help: null,
  form: {
    fields: [
      { key: 'allergies', type: 'yes_no', labels: words('Allergies?'), required: true, showIf: null },
      {
        key: 'which',
        type: 'text',
        labels: words('Which ones?'),
        required: true,
        showIf: { field: 'allergies', equals: 'yes' },
      },
    ],
  },
};
const checklistOf = (items: RegistrationItem[], id_campus_year = 30): RegistrationChecklist =>
  RegistrationChecklistSchema.parse({ id_campus_year, id_campus: 10, items });

const PATH = '/main/enrollment-settings/:id_campus_year/registration';
async function open(items: RegistrationItem[], options: { permissions?: typeof EVERY_PERMISSION } = {}) {
  api.use(
    answer('get', '/enrollment/campusYear', PERIOD),
    answer('get', '/registration/checklist', checklistOf(items)),
  );
  const view = renderScreen(<RegistrationChecklistPage />, {
    path: PATH,
    at: '/main/enrollment-settings/30/registration',
    ...options,
  });
  await screen.findByText(t('registration.explanation'));
  await waitFor(() => expect(screen.queryByLabelText(t('common.loading'))).not.toBeInTheDocument());
  return view;
}

const item = (n: number) => screen.getByRole('region', { name: new RegExp(`^${t('registration.item', { n })}:`) });
const group = (inside: HTMLElement, name: string) => within(inside).getByRole('group', { name });
const textbox = (inside: HTMLElement, name: string) => within(inside).getByRole('textbox', { name });
const label = (inside: HTMLElement, language: 'en' | 'es') =>
  textbox(group(inside, t('registration.labels')), t(`registration.languages.${language}`));
const field = (inside: HTMLElement, n: number) => group(inside, t('registration.form.field', { n }));
const question = (inside: HTMLElement, language: 'en' | 'es') =>
  textbox(group(inside, t('registration.form.label')), t(`registration.languages.${language}`));
/** Types `text` into `input` at once (a paste: one change, not one per key, which a page this size makes slow). */
async function fill(user: ReturnType<typeof renderScreen>['user'], input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}
const SAVE = () => screen.getByRole('button', { name: t('registration.save') });

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('RegistrationChecklistPage', () => {
  it('shows the saved items in order, each with its settings', async () => {
    await open([CERTIFICATE, HEALTH, HANDBOOK]);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Registration checklist · Alpha North · 2027-2028');
    expect(label(item(1), 'en')).toHaveValue('Birth certificate');
    expect(label(item(1), 'es')).toHaveValue('Birth certificate (es)');
    expect(within(item(1)).getByRole('checkbox', { name: 'PDF' })).toBeChecked();
    expect(within(item(1)).getByRole('checkbox', { name: 'PNG' })).not.toBeChecked();
    expect(textbox(item(1), t('registration.document.maxMb'))).toHaveValue('10');
    expect(within(item(2)).getByRole('switch', { name: t('registration.required') })).not.toBeChecked();
    expect(textbox(field(item(2), 2), t('registration.form.key'))).toHaveValue('which');
    expect(within(field(item(2), 2)).getByRole('combobox', { name: t('registration.form.showIf') })).toHaveTextContent(
      '“Allergies?” is “Yes”',
    );
    const text = group(item(3), t('registration.agreement.text'));
    expect(textbox(text, t('registration.languages.en'))).toHaveValue('We have read the handbook.');
    expect(within(item(3)).getByRole('radio', { name: t('registration.agreement.two') })).toBeChecked();
  });

  it('adds a form with a conditional field, moves and removes items, and saves the whole list in order', async () => {
    const save = recorder('put', '/registration/checklist', {
      message: 'Saved.',
      data: checklistOf([{ ...HEALTH, id_registration_item: 9 }, CERTIFICATE]),
    });
    api.use(save.handler);
    const { user } = await open([CERTIFICATE, HANDBOOK]);

    // the handbook goes (after a confirmation), a form comes
    await user.click(screen.getByRole('button', { name: t('registration.remove', { n: 2 }) }));
    const confirm = await screen.findByRole('dialog', { name: t('registration.removeTitle', { n: 2 }) });
    await user.click(within(confirm).getByRole('button', { name: t('registration.removeAction') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: /Family handbook/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('registration.add') }));
    await user.click(await screen.findByRole('menuitem', { name: t('registration.kinds.form') }));
    const form = item(2);
    await fill(user, label(form, 'en'), 'Health');
    await fill(user, label(form, 'es'), 'Salud');
    await user.click(within(form).getByRole('switch', { name: t('registration.required') }));

    const first = field(form, 1);
    await fill(user, textbox(first, t('registration.form.key')), 'allergies');
    await user.click(within(first).getByRole('combobox', { name: t('registration.form.type') }));
    await user.click(await screen.findByRole('option', { name: t('registration.form.types.yes_no') }));
    await fill(user, question(first, 'en'), 'Allergies?');
    await fill(user, question(first, 'es'), '¿Alergias?');

    await user.click(within(form).getByRole('button', { name: t('registration.form.addField') }));
    const second = field(form, 2);
    await fill(user, textbox(second, t('registration.form.key')), 'which');
    await fill(user, question(second, 'en'), 'Which ones?');
    await fill(user, question(second, 'es'), '¿Cuáles?');
    await user.click(within(second).getByRole('combobox', { name: t('registration.form.showIf') }));
    // only the earlier yes/no field's answers are offered
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      t('registration.form.always'),
      '“Allergies?” is “Yes”',
      '“Allergies?” is “No”',
    ]);
    await user.click(screen.getByRole('option', { name: '“Allergies?” is “Yes”' }));

    // the form before the certificate
    await user.click(screen.getByRole('button', { name: t('registration.moveUp', { n: 2 }) }));
    expect(screen.getByText(t('registration.unsaved'))).toBeInTheDocument();
    await user.click(SAVE());

    await waitFor(() => expect(save.requests).toHaveLength(1));
    const none = { vi: null, zh: null, ht: null, ar: null };
    expect(save.requests[0].body).toEqual({
      id_campus_year: 30,
      items: [
        {
          kind: 'form',
          required: false,
          labels: { en: 'Health', es: 'Salud', ...none },
          help: null,
          form: {
            fields: [
              {
                key: 'allergies',
                type: 'yes_no',
                labels: { en: 'Allergies?', es: '¿Alergias?', ...none },
                required: true,
                showIf: null,
              },
              {
                key: 'which',
                type: 'text',
                labels: { en: 'Which ones?', es: '¿Cuáles?', ...none },
                required: true,
                showIf: { field: 'allergies', equals: 'yes' },
              },
            ],
          },
        },
        {
          id_registration_item: 5,
          kind: 'document',
          required: true,
          labels: { en: 'Birth certificate', es: 'Birth certificate (es)', ...none },
          help: null,
          document: { types: ['pdf', 'jpeg'], maxMb: 10 },
        },
      ],
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(screen.queryByText(t('registration.unsaved'))).not.toBeInTheDocument();
  });

  it('checks the list before sending: an empty Spanish name is marked at its input', async () => {
    const save = recorder('put', '/registration/checklist', { message: 'Saved.', data: checklistOf([]) });
    api.use(save.handler);
    const { user } = await open([CERTIFICATE]);
    await user.clear(label(item(1), 'es'));
    await user.click(SAVE());
    expect(await screen.findByRole('alert')).toHaveTextContent(t('registration.fixErrors'));
    expect(label(item(1), 'es')).toHaveAccessibleDescription(translate('required', 'en'));
    expect(save.requests).toEqual([]);
  });

  it("shows the server's field error at its input (a form field's condition)", async () => {
    const message = translate('registrationConditionInvalid', 'en');
    const save = recorder(
      'put',
      '/registration/checklist',
      {
        code: 'BAD_REQUEST',
        message: 'Check the fields.',
        errors: [{ path: 'items.0.form.fields.1.showIf', message }],
      },
      400,
    );
    api.use(save.handler);
    const { user } = await open([HEALTH]);
    await user.click(SAVE());
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the fields.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(message);
    const condition = within(field(item(1), 2)).getByRole('combobox', { name: t('registration.form.showIf') });
    expect(condition).toHaveAccessibleDescription(message);
  });

  it('answers a stale editor with the server message and a Reload that reads the list again', async () => {
    const message = translate('registrationChecklistChanged', 'en');
    const save = recorder('put', '/registration/checklist', { code: 'CONFLICT', message }, 409);
    api.use(save.handler);
    const { user } = await open([CERTIFICATE]);
    await user.clear(label(item(1), 'en'));
    await fill(user, label(item(1), 'en'), 'Birth record');
    await user.click(SAVE());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    // someone else saved the handbook meanwhile
    api.use(answer('get', '/registration/checklist', checklistOf([HANDBOOK])));
    await user.click(within(alert).getByRole('button', { name: t('registration.reload') }));
    await waitFor(() => expect(label(item(1), 'en')).toHaveValue('Family handbook'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(t('registration.unsaved'))).not.toBeInTheDocument();
  });

  it("copies another period's checklist of the same school after a confirmation", async () => {
    const copy = recorder('post', '/registration/checklist/copy', {
      message: 'Saved.',
      data: checklistOf([{ ...HANDBOOK, id_registration_item: 20 }]),
    });
    api.use(
      copy.handler,
      answer('get', '/enrollment/campusYear/all', [
        PERIOD,
        periodOf(31, 1, 'Alpha South', '2027-2028'),
        periodOf(40, 2, 'Beta Campus', '2027-2028'),
      ]),
    );
    const { user } = await open([CERTIFICATE]);
    await user.click(screen.getByRole('button', { name: t('registration.copy') }));
    const dialog = await screen.findByRole('dialog', { name: t('registration.copyTitle') });
    expect(dialog).toHaveTextContent(t('registration.copyConsequence'));
    const action = within(dialog).getByRole('button', { name: t('registration.copyAction') });
    expect(action).toBeDisabled();
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: t('registration.copyFrom') })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    await user.click(within(dialog).getByRole('combobox', { name: t('registration.copyFrom') }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Alpha South · 2027-2028']);
    await user.click(options[0]);
    expect(copy.requests).toEqual([]);
    await user.click(action);
    await waitFor(() =>
      expect(copy.requests.map((r) => r.body)).toEqual([{ from_id_campus_year: 31, id_campus_year: 30 }]),
    );
    await waitFor(() => expect(label(item(1), 'en')).toHaveValue('Family handbook'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const { user, router } = await open([CERTIFICATE]);
    await fill(user, label(item(1), 'en'), ' (original)');
    void router.navigate('/main/enrollment-settings/30');
    const dialog = await screen.findByRole('dialog', { name: t('registration.leaveTitle') });
    await user.click(within(dialog).getByRole('button', { name: t('common.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/main/enrollment-settings/30/registration');
    expect(label(item(1), 'en')).toHaveValue('Birth certificate (original)');
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    await open([CERTIFICATE]);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Lista de matrícula');
    expect(screen.getByRole('region', { name: /^Elemento 1: Documento/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar la lista' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar un elemento' })).toBeInTheDocument();
    expect(textbox(item(1), 'Archivo más grande (MB)')).toHaveValue('10');
  });

  it('shows the list read-only to a user who may not edit the period settings', async () => {
    await open([CERTIFICATE, HANDBOOK], {
      permissions: EVERY_PERMISSION.filter((p) => !(p.subject === 'enrollment_settings' && p.action === 'edit')),
    });
    expect(screen.getByText(t('registration.readOnly'))).toBeInTheDocument();
    const summary = screen.getByTestId('registration-summary');
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('h3')?.textContent),
    ).toEqual(['1. Birth certificate', '2. Family handbook']);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('registration.save') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('registration.copy') })).not.toBeInTheDocument();
  });
});
