/** UI text of the captured mail screen, English and Spanish (one shape: Spanish is checked against English). */
export const mailEn = {
  title: 'Mail',
  help: 'Mail sent by the app while no SMTP server is configured.',
  to: 'To',
  subject: 'Subject',
  date: 'Date',
  empty: 'No mail yet.',
};

export const mailEs: typeof mailEn = {
  title: 'Correo',
  help: 'Correos enviados por la aplicación mientras no hay un servidor SMTP configurado.',
  to: 'Para',
  subject: 'Asunto',
  date: 'Fecha',
  empty: 'Aún no hay correos.',
};
