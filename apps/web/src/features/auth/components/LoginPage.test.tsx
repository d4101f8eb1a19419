import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedOut } from '../../../test/render';
import LoginPage from './LoginPage';

describe('LoginPage', () => {
  it('keeps what was typed after a visit to the recovery form', async () => {
    const { user } = renderSignedOut(<LoginPage />);
    await user.type(screen.getByTestId('login-email'), 'school@demo.openseat.org');
    await user.click(screen.getByTestId('forgot-password-link'));
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByTestId('login-email')).toHaveValue('school@demo.openseat.org');
  });
});
