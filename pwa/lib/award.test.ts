import { describe, expect, it } from 'vitest';
import { AWARD_OCCUPANCY_THRESHOLDS, AWARD_SIZE_CLASS_BOUNDS } from '../../shared/award';
import { boundsText, esiBandExample, finishByDate, finishByDay, occupancyRow, placeKey } from './award';

describe('the award rules as the pages state them', () => {
  it('picks the occupancy row whose upper bound reaches the employees', () => {
    expect(occupancyRow(20).minPct).toBe(85);
    expect(occupancyRow(50).minPct).toBe(85);
    expect(occupancyRow(51).minPct).toBe(80);
    expect(occupancyRow(100).minPct).toBe(80);
    expect(occupancyRow(200).minPct).toBe(65);
    expect(occupancyRow(5000)).toBe(AWARD_OCCUPANCY_THRESHOLDS[AWARD_OCCUPANCY_THRESHOLDS.length - 1]);
  });

  it('gives bounds as closed (the upper bound picks the plural) or open ranges', () => {
    expect(boundsText(AWARD_SIZE_CLASS_BOUNDS.small)).toEqual({ open: false, from: 20, count: 50 });
    expect(boundsText(AWARD_SIZE_CLASS_BOUNDS.large)).toEqual({ open: true, count: 251 });
  });

  it('names the last finishing day of a year and of every year', () => {
    expect(finishByDate(2025)).toBe('2025-11-30');
    expect(finishByDay('en')).toBe('30 November');
    expect(finishByDay('de')).toBe('30. November');
    expect(finishByDay('mk')).toBe('30 ноември');
  });

  it('names the first three places by their own words', () => {
    expect([1, 2, 3, 4].map(placeKey)).toEqual(['1', '2', '3', 'other']);
  });

  it('gives an example band as wide as the public page shows', () => {
    expect(esiBandExample()).toEqual({ from: 75, to: 80 });
  });
});
