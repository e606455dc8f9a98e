import { describe, expect, it } from 'vitest';
import { siteRadiusKm } from './asset-detail-map';

describe('the site circle (decision 0358)', () => {
  it('has the area REPD gives: 24.34 acres is a circle of 177 m, 3,138 acres one of 2 km', () => {
    expect(siteRadiusKm(24.34) * 1000).toBeCloseTo(177.07, 1);
    expect(siteRadiusKm(3138.24)).toBeCloseTo(2.011, 3);
    // π r² in square metres, back to acres.
    expect((Math.PI * (siteRadiusKm(100) * 1000) ** 2) / 4046.86).toBeCloseTo(100, 6);
  });
});
