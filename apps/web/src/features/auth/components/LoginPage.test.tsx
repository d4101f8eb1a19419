import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, campusUser } from '../../../test/api';
import { renderSignedOut } from '../../../test/render';
import { setLanguage } from '../../../lib/i18n';
import LoginPage from './LoginPage';

const signIn = async (user: ReturnType<typeof renderSignedOut>['user'], password = 'a-password') => {
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'carla@school.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('LoginPage', () => {
  it('keeps what was typed after a visit to the recovery form', async () => {
    const { user } = renderSignedOut(<LoginPage />);
    await user.type(screen.getByTestId('login-email'), 'school@demo.openseat.org');
    await user.click(screen.getByTestId('forgot-password-link'));
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByTestId('login-email')).toHaveValue('school@demo.openseat.org');
  });

  it('signs in and moves on to the landing screen', async () => {
    api.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ accessToken: 'a', dataToken: 'd', user: campusUser, permissions: [] }),
      ),
    );
    const { user, went } = renderSignedOut(<LoginPage />);
    await signIn(user);
    await expect.poll(() => went).toEqual(['/main/dashboard']);
  });

  it('says why a sign-in is refused, and stays', async () => {
    api.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ message: 'Wrong e-mail or password.', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    const { user, went } = renderSignedOut(<LoginPage />);
    await signIn(user, 'wrong');
    expect(await screen.findByText('Wrong e-mail or password.')).toBeVisible();
    expect(went).toEqual([]);
  });

  it("names an empty field's problem on the field and focuses it, in the chosen language", async () => {
    const { user } = renderSignedOut(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // the schema loads with the first submit: its message shows once it has
    await screen.findByText('Password is required.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    // as the other screens' forms: the first field with a problem takes the focus
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    try {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
      await screen.findByText('La contraseña es requerida.');
      expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription('La contraseña es requerida.');
      expect(screen.getByRole('button', { name: 'Entrar' })).toBeVisible();
    } finally {
      setLanguage('en');
    }
  });
});
