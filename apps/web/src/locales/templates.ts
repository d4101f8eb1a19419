/** UI text of the templates screens, English and Spanish (one shape: Spanish is checked against English). */
export const templatesEn = {
  title: 'Templates',
};

export const templatesEs: typeof templatesEn = {
  title: 'Plantillas',
};
