import { describe, expect, it } from 'vitest';
import { pathOf, viewOf } from './route';

describe('ads tracking addresses', () => {
  it('reads the default view from the bare address and unknown parts', () => {
    expect(viewOf({})).toEqual({ platform: 'all', id_status: 1, timeFrame: 1 });
    expect(viewOf({ platform: 'tiktok', id_status: '4', timeFrame: '9' })).toEqual({
      platform: 'all',
      id_status: 1,
      timeFrame: 1,
    });
  });

  it('keeps a personalised range only with both days', () => {
    const view = viewOf({
      platform: 'google',
      id_status: '9',
      timeFrame: '6',
      startDate: '2026-09-01',
      endDate: '2026-11-30',
    });
    expect(view).toEqual({
      platform: 'google',
      id_status: 9,
      timeFrame: 6,
      startDate: '2026-09-01',
      endDate: '2026-11-30',
    });
    expect(pathOf(view)).toBe('/main/ads/tracking/google/9/6/2026-09-01/2026-11-30');
    expect(viewOf({ platform: 'google', id_status: '9', timeFrame: '6' }).timeFrame).toBe(1);
    expect(pathOf({ platform: 'facebook', id_status: 1, timeFrame: 3 })).toBe('/main/ads/tracking/facebook/1/3');
  });
});
