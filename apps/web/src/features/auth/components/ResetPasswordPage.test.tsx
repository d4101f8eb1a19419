import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api, recorder } from '../../../test/api';
import { renderSignedOut } from '../../../test/render';
import ResetPasswordPage from './ResetPasswordPage';

const TOKEN = 'a-reset-token-of-the-e-mailed-link';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('ResetPasswordPage', () => {
  it("sends the link's token with the new password, then goes back to sign-in", async () => {
    window.history.replaceState(null, '', `/resetpassword?token=${TOKEN}`);
    const reset = recorder('post', '/auth/reset-password', { message: 'ok' });
    api.use(reset.handler);
    const { user, went } = renderSignedOut(<ResetPasswordPage />);
    await user.type(screen.getByLabelText('New password'), 'a-brand-new-pass');
    await user.type(screen.getByLabelText('Confirm the new password'), 'a-different-pass');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    // the schema loads with the first submit: its message shows once it has
    await screen.findByText('Passwords must match.');
    expect(screen.getByLabelText('Confirm the new password')).toHaveAccessibleDescription('Passwords must match.');
    expect(reset.requests).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm the new password'));
    await user.type(screen.getByLabelText('Confirm the new password'), 'a-brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await expect.poll(() => went).toEqual(['/login']);
    expect(reset.requests.map((r) => r.body)).toEqual([
      { token: TOKEN, password: 'a-brand-new-pass', confirmPassword: 'a-brand-new-pass' },
    ]);
    expect(await screen.findByText('Password updated. Sign in with the new password.')).toBeVisible();
  });

  it('says so when the link has no token', async () => {
    window.history.replaceState(null, '', '/resetpassword');
    const { user } = renderSignedOut(<ResetPasswordPage />);
    await user.type(screen.getByLabelText('New password'), 'a-brand-new-pass');
    await user.type(screen.getByLabelText('Confirm the new password'), 'a-brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/The reset link is invalid or has expired/)).toBeVisible();
  });
});
