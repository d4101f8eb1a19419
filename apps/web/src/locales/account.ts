/**
 * UI text of the account settings (profile, password, theme), English and Spanish (one shape: Spanish is checked
 * against English).
 */
export const settingsEn = {
  personal: 'Personal details',
  name: 'Name',
  email: 'E-mail',
  role: 'Role',
  telephone: 'Phone',
  changePassword: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm the new password',
  themeSettings: 'Theme settings',
};

export const settingsEs: typeof settingsEn = {
  personal: 'Datos personales',
  name: 'Nombre',
  email: 'Correo electrónico',
  role: 'Rol',
  telephone: 'Teléfono',
  changePassword: 'Cambiar contraseña',
  currentPassword: 'Contraseña actual',
  newPassword: 'Nueva contraseña',
  confirmPassword: 'Confirme la nueva contraseña',
  themeSettings: 'Configuración del tema',
};
