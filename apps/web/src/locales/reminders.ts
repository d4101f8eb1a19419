/** UI text of the reminders screens, English and Spanish (one shape: Spanish is checked against English). */
export const remindersEn = {
  title: 'Reminders',
};

export const remindersEs: typeof remindersEn = {
  title: 'Recordatorios',
};
