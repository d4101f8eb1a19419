import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { FamilyApp, type StartLanguage } from '../family/App';
import en from '../family/i18n/en';

/** The family portal opened at `at`, in `start`'s language; answers the user-event handle. */
export function openPortal(at: string, start: StartLanguage = { lng: 'en', messages: en }, applyAccept = true) {
  window.history.replaceState(null, '', at);
  const user = userEvent.setup({ delay: null, applyAccept });
  render(<FamilyApp start={start} />);
  return user;
}

/**
 * The portal screen titled `name`, once its heading has taken the focus as every screen's does when it opens: typing
 * before then would land in a field and then in the heading (the focus moves in an effect React may run late on a
 * loaded machine).
 */
export async function findScreen(name: string | RegExp) {
  const heading = await screen.findByRole('heading', { level: 1, name });
  await waitFor(() => expect(heading).toHaveFocus());
  return heading;
}
