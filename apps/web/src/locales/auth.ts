/**
 * UI text of signing in and choosing a new password, English and Spanish (one shape: Spanish is checked against
 * English).
 */
export const loginEn = {
  title: 'Sign in',
  email: 'E-mail',
  password: 'Password',
  submit: 'Sign in',
  forgot: 'Forgot your password?',
  recoveryTitle: 'Recover your password',
  recoveryHelp: 'Enter the e-mail of your account and we will send you a link to choose a new password.',
  recoverySubmit: 'Send link',
  back: 'Back to sign in',
  chooseSchool: 'Choose the school to work in',
};

export const resetEn = {
  title: 'Choose a new password',
  password: 'New password',
  confirm: 'Confirm the new password',
  submit: 'Save password',
  done: 'Password updated. Sign in with the new password.',
};

export const loginEs: typeof loginEn = {
  title: 'Iniciar sesión',
  email: 'Correo electrónico',
  password: 'Contraseña',
  submit: 'Entrar',
  forgot: '¿Olvidó su contraseña?',
  recoveryTitle: 'Recuperar la contraseña',
  recoveryHelp: 'Ingrese el correo de su cuenta y le enviaremos un enlace para elegir una nueva contraseña.',
  recoverySubmit: 'Enviar enlace',
  back: 'Volver a iniciar sesión',
  chooseSchool: 'Elija la escuela en la que va a trabajar',
};

export const resetEs: typeof resetEn = {
  title: 'Elija una nueva contraseña',
  password: 'Nueva contraseña',
  confirm: 'Confirme la nueva contraseña',
  submit: 'Guardar contraseña',
  done: 'Contraseña actualizada. Inicie sesión con la nueva contraseña.',
};
