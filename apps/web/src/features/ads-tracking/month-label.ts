/**
 * A month of the ads charts (spec section 9): its name in the reader's language, the year first when it is not
 * the current year ('March', '2025 December').
 */
export function monthLabel(month: string, language: string, currentYear: number): string {
  const [year, m] = month.split('-').map(Number);
  const name = new Intl.DateTimeFormat(language === 'es' ? 'es' : 'en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
  return year === currentYear ? name : `${year} ${name}`;
}
