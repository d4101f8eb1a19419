import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it("groups digits the chosen language's way, whatever the browser's", () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'es')).toBe('12.345');
    expect(formatCount(7, 'es')).toBe('7');
  });
});
