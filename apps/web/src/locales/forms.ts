/** UI text of the forms screens, English and Spanish (one shape: Spanish is checked against English). */
export const formsEn = {
  title: 'Forms',
};

export const formsEs: typeof formsEn = {
  title: 'Formularios',
};
