import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from '@openseat/shared/schemas/pagination';
import type { RegistrationReviewRow } from '@openseat/shared/schemas/registration';
import { i18n } from '../../../lib/i18n';
import { api, campusContext, recorder } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import ReviewQueuePage from './ReviewQueuePage';

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

const row = (n: number): RegistrationReviewRow => ({
  id_application: 100 + n,
  applicant: `Child ${n}`,
  grade: 'K',
  id_registration_item: 5,
  item: 'Health form',
  kind: 'form',
  submittedAt: `2026-11-0${n}T15:00:00.000Z`,
});
const pageOf = (rows: RegistrationReviewRow[], total: number, page = 0): Page<RegistrationReviewRow> => ({
  data: rows,
  total,
  page,
  pageSize: 25,
});

describe('ReviewQueuePage', () => {
  it('lists the working period’s waiting items, oldest first as the server pages them, each opening its packet', async () => {
    const queue = recorder('get', '/registration/reviews', pageOf([row(1), row(2)], 27));
    api.use(...campusContext, queue.handler);
    const { user } = renderScreen(<ReviewQueuePage />, { path: '/main/registration-reviews' });

    const list = await screen.findByRole('list', { name: /Waiting for a decision \(27\)/ });
    const links = within(list).getAllByRole('link');
    // named by what it shows (axe: the visible words are the name), the child and the item
    expect(links[0]).toHaveAccessibleName(/^Child 1 .*Health form/);
    expect(links[1]).toHaveAccessibleName(/^Child 2 .*Health form/);
    expect(links[0]).toHaveAttribute('href', '/main/registration-reviews/applications/101?period=30');
    expect(queue.requests[0].query.get('id_campus_year')).toBe('30');
    expect(queue.requests[0].query.get('page')).toBe('0');

    // the next server page
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(queue.requests.some((r) => r.query.get('page') === '1')).toBe(true));
  });

  it('takes the period from the address and says when nothing waits', async () => {
    const queue = recorder('get', '/registration/reviews', pageOf([], 0));
    api.use(...campusContext, queue.handler);
    renderScreen(<ReviewQueuePage />, {
      path: '/main/registration-reviews',
      at: '/main/registration-reviews?period=44',
    });
    expect(await screen.findByTestId('review-queue-empty')).toHaveTextContent(t('registration.review.empty'));
    expect(queue.requests.every((r) => r.query.get('id_campus_year') === '44')).toBe(true);
  });
});
