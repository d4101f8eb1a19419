import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CampusYearRowSchema, type CampusYearRow } from '@openseat/shared/schemas/enrollment';
import { i18n } from '../../../lib/i18n';
import { answer, api, campusContext, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import { PeriodForm } from './PeriodForm';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

/** A started period of campus 10 (Phoenix): 1 day after the offer, at 17:00, weekends skipped. */
const period = (): CampusYearRow =>
  CampusYearRowSchema.parse({
    id_campus_year: 30,
    id_school: 1,
    id_campus: 10,
    campus: { id_campus: 10, name: 'Alpha North' },
    id_school_year: 3,
    school_year: { id_school_year: 3, name: '2027-2028', year_one: 2027, year_two: 2028 },
    spots: 40,
    enrollment_start_date: '2026-01-01',
    enrollment_end_date: '2026-12-31',
    first_day_of_school: null,
    enrollment_acceptance_period: 0,
    offer_deadline: {
      days: 1,
      fixedDate: null,
      timeOfDay: '17:00',
      skipWeekends: true,
      holidays: [],
      reminderHours: null,
    },
    timeZone: 'America/Phoenix',
    enrollment_mode: 1,
    auto_move_waiting_list_on_decline: false,
    sibling_priority: false,
    state: 'started',
    ready_to_start: false,
    readiness: [],
    seats: { spots: 40, taken: 0 },
    startedAt: null,
    finalizedAt: null,
    updatedAt: '2026-11-01T00:00:00.000Z',
  }) as CampusYearRow;

const preview = () => screen.getByTestId('period-deadline-preview');
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  // Friday, December 4, 2026, 7:30 PM in Phoenix (UTC-7)
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-05T02:30:00Z'));
  api.use(...campusContext, answer('get', '/catalog/school-year', [{ id_school_year: 3, name: '2027-2028' }]));
});
afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('PeriodForm: offer deadline', () => {
  it('previews the rule as typed, on the campus clock: weekends, holidays, the fallback to acceptance days', async () => {
    const { user } = renderScreen(<PeriodForm period={period()} id_campus={10} disabled={false} onSaved={vi.fn()} />);
    expect(await screen.findByRole('group', { name: t('periods.deadline.holidays') })).toBeInTheDocument();
    await waitFor(() =>
      expect(preview()).toHaveTextContent('An offer made now lapses on Monday, December 7 at 5:00 PM MST.'),
    );
    expect(preview()).toHaveAttribute('role', 'status');

    fireEvent.change(field(t('periods.deadline.holiday')), { target: { value: '2026-12-07' } });
    await user.click(screen.getByRole('button', { name: t('periods.deadline.addHoliday') }));
    await waitFor(() => expect(preview()).toHaveTextContent('on Tuesday, December 8 at 5:00 PM MST'));

    fireEvent.change(field(t('periods.deadline.timeOfDay')), { target: { value: '09:15' } });
    await waitFor(() => expect(preview()).toHaveTextContent('on Tuesday, December 8 at 9:15 AM MST'));

    await user.click(screen.getByRole('button', { name: t('periods.deadline.removeHoliday', { date: '12/07/2026' }) }));
    await waitFor(() => expect(preview()).toHaveTextContent('on Monday, December 7 at 9:15 AM MST'));

    // a fixed date before the N-th day wins
    fireEvent.change(field(t('periods.deadline.fixedDate')), { target: { value: '2026-12-06' } });
    await waitFor(() => expect(preview()).toHaveTextContent('on Monday, December 7'));
    fireEvent.change(field(t('periods.deadline.fixedDate')), { target: { value: '' } });

    // neither days nor a date: the acceptance period (0 days: offers do not lapse)
    await user.clear(field(t('periods.deadline.days')));
    await waitFor(() => expect(preview()).toHaveTextContent(t('periods.deadline.previewNever')));
    await user.clear(field(t('periods.fields.enrollment_acceptance_period')));
    await user.type(field(t('periods.fields.enrollment_acceptance_period')), '2');
    await waitFor(() => expect(preview()).toHaveTextContent('on Sunday, December 6 at 7:30 PM MST'));
  });

  it('sends the rule with the period, and shows the server refusal on its field', async () => {
    const save = recorder(
      'put',
      '/enrollment/campusYear',
      {
        code: 'VALIDATION',
        message: 'Check the fields.',
        errors: [{ path: 'offer_deadline.reminderHours', message: 'The number is out of range.' }],
      },
      400,
    );
    api.use(save.handler);
    const { user } = renderScreen(<PeriodForm period={period()} id_campus={10} disabled={false} onSaved={vi.fn()} />);
    await screen.findByTestId('period-deadline-preview');
    fireEvent.change(field(t('periods.deadline.holiday')), { target: { value: '2026-12-25' } });
    await user.click(screen.getByRole('button', { name: t('periods.deadline.addHoliday') }));
    fireEvent.change(field(t('periods.deadline.holiday')), { target: { value: '2026-11-26' } });
    await user.click(screen.getByRole('button', { name: t('periods.deadline.addHoliday') }));
    await user.type(field(t('periods.deadline.reminderHours')), '900');
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    // the shared schema refuses 900 hours before any request
    expect(await screen.findByText('The number is out of range.')).toBeInTheDocument();
    expect(save.requests).toEqual([]);

    await user.clear(field(t('periods.deadline.reminderHours')));
    await user.type(field(t('periods.deadline.reminderHours')), '24');
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    await waitFor(() => expect(save.requests).toHaveLength(1));
    expect((save.requests[0].body as { offer_deadline: unknown }).offer_deadline).toEqual({
      days: 1,
      fixedDate: null,
      timeOfDay: '17:00',
      skipWeekends: true,
      holidays: ['2026-11-26', '2026-12-25'],
      reminderHours: 24,
    });
    expect(await screen.findByText('The number is out of range.')).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderScreen(<PeriodForm period={period()} id_campus={10} disabled={false} onSaved={vi.fn()} />);
    expect(await screen.findByRole('group', { name: 'Feriados (no se cuentan)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(preview()).toHaveTextContent(/^Una oferta hecha ahora vence el lunes, 7 de diciembre a las 17:00/),
    );
    expect(screen.getByLabelText('Días después de la oferta')).toBeInTheDocument();
  });
});
