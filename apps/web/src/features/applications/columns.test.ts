import { describe, expect, it } from 'vitest';
import { parseHidden } from './columns';

describe('hidden list columns', () => {
  it('keeps the known columns of a stored choice and ignores anything else', () => {
    expect(parseHidden('["phone","grade"]')).toEqual(['phone', 'grade']);
    expect(parseHidden('["phone","__proto__",3]')).toEqual(['phone']);
    expect(parseHidden('not json')).toEqual([]);
    expect(parseHidden('{"phone":true}')).toEqual([]);
    expect(parseHidden(null)).toEqual([]);
  });
});
