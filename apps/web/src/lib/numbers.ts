/** A whole count in the chosen language ('12,345' in English, '12.345' in Spanish), not the browser's. */
export const formatCount = (value: number, language: string) =>
  new Intl.NumberFormat(language === 'es' ? 'es' : 'en-US').format(value);
