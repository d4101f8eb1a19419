/** UI text of the messaging screens, English and Spanish (one shape: Spanish is checked against English). */
export const messagingEn = {
  title: 'Messaging',
};

export const messagingEs: typeof messagingEn = {
  title: 'Mensajes',
};
