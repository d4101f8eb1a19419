import { describe, expect, it } from 'vitest';
import { monthLabel } from './month-label';

describe('ads chart month labels', () => {
  it('names the month, and prefixes the year only when it is not the current one', () => {
    expect(monthLabel('2026-03', 'en', 2026)).toBe('March');
    expect(monthLabel('2025-12', 'en', 2026)).toBe('2025 December');
    expect(monthLabel('2026-03', 'es', 2026)).toBe('marzo');
    expect(monthLabel('2025-01', 'es', 2026)).toBe('2025 enero');
  });
});
