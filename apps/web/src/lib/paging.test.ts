import { describe, expect, it } from 'vitest';
import { pagesToOffer } from './paging';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('pagesToOffer', () => {
  it('offers the pages of an exact total', () => {
    expect(pagesToOffer({ data: rows(50), total: 120, totalExact: true, pageSize: 50 }, 0)).toBe(3);
    expect(pagesToOffer({ data: rows(0), total: 0, pageSize: 50 }, 0)).toBe(1);
    expect(pagesToOffer(undefined, 4)).toBe(1);
  });

  it('keeps the next page open past the bound while pages come back full', () => {
    expect(pagesToOffer({ data: rows(50), total: 2000, totalExact: false, pageSize: 50 }, 0)).toBe(40);
    expect(pagesToOffer({ data: rows(50), total: 2000, totalExact: false, pageSize: 50 }, 45)).toBe(47);
    // an empty page past the end: no further page
    expect(pagesToOffer({ data: rows(0), total: 2000, totalExact: false, pageSize: 50 }, 60)).toBe(40);
  });
});
