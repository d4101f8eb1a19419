import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDateTimeIn } from './dates';

describe('dates', () => {
  it('shows a date MM/DD/YYYY in every language, and the fallback when there is none', () => {
    expect(formatDate('2027-08-09', 'No date specified')).toBe('08/09/2027');
    expect(formatDate('2027-08-09T23:30:00Z', '-')).toBe('08/09/2027');
    expect(formatDate(null, 'Sin fecha especificada')).toBe('Sin fecha especificada');
    expect(formatDate('not a date', '-')).toBe('-');
  });

  it('shows the time of a moment in the reader language, after the spec date', () => {
    const moment = '2027-03-04T14:05:00Z';
    expect(formatDateTime(moment, 'en', '-', 'UTC')).toBe('03/04/2027 2:05 PM');
    expect(formatDateTime(moment, 'es', '-', 'UTC')).toBe('03/04/2027 14:05');
    expect(formatDateTime(moment, 'es', '-', 'America/Phoenix')).toBe('03/04/2027 7:05');
    expect(formatDateTime(undefined, 'es', 'Sin fecha especificada')).toBe('Sin fecha especificada');
    expect(formatDateTimeIn(moment, 'en', '-', 'America/Phoenix')).toBe('03/04/2027 7:05 AM MST');
    expect(formatDateTimeIn('2026-11-26T04:11:00Z', 'en', '-', 'America/Denver')).toBe('11/25/2026 9:11 PM MST');
    expect(formatDateTimeIn(moment, 'es', '-', 'UTC')).toBe('03/04/2027 14:05 UTC');
    expect(formatDateTimeIn(null, 'en', 'No date', 'UTC')).toBe('No date');
  });
});
