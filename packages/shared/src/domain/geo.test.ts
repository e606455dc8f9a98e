import { describe, expect, it } from 'vitest';
import { bearingDegrees, bngToWgs84, compassPoint, coordinatesOf, haversineKm, parseCoordinate } from './geo';

describe('haversineKm', () => {
  it('measures London to Manchester as about 262 km', () => {
    const d = haversineKm({ lat: 51.5074, lng: -0.1278 }, { lat: 53.4808, lng: -2.2426 });
    expect(d).toBeGreaterThan(260);
    expect(d).toBeLessThan(264);
  });
  it('is zero for the same point', () => {
    expect(haversineKm({ lat: 54, lng: -2.5 }, { lat: 54, lng: -2.5 })).toBe(0);
  });
});

describe('parseCoordinate (docs/product/geo.md#coordinates)', () => {
  it.each([
    ['51.5074', 51.5074],
    [' -0.1278 ', -0.1278],
    ['51.5°N', 51.5],
    ['lat: 53.48', 53.48],
    [-2.5, -2.5],
  ])('parses %j', (input, expected) => expect(parseCoordinate(input)).toBe(expected));
  it.each([['abc'], [''], ['1.2.3'], ['--5'], [null], [undefined], [Number.NaN], [{}]])('gives none for %j', (input) =>
    expect(parseCoordinate(input)).toBeNull(),
  );
  it('gives no pair when a part is invalid or out of range', () => {
    expect(coordinatesOf('51.5', 'x')).toBeNull();
    expect(coordinatesOf('95', '0')).toBeNull();
    expect(coordinatesOf('51.5', '-0.12')).toEqual({ lat: 51.5, lng: -0.12 });
  });
});

describe('bngToWgs84', () => {
  it('converts the BNG origin area and a known point (Ben Nevis summit ≈ 216666, 771288)', () => {
    const [lng, lat] = bngToWgs84(216666, 771288)!;
    expect(lat).toBeCloseTo(56.7969, 3);
    expect(lng).toBeCloseTo(-5.0036, 3);
  });
  it('refuses values off the grid', () => {
    expect(bngToWgs84(51.5, -0.12)).not.toBeNull(); // still on the grid numerically: callers detect lat/lon typed into X/Y
    expect(bngToWgs84(5_000_000, 10)).toBeNull();
    expect(bngToWgs84(Number.NaN, 1)).toBeNull();
  });
});

describe('compassPoint', () => {
  const leeds = { lat: 53.8, lng: -1.55 };
  it.each([
    [{ lat: 54.8, lng: -1.55 }, 'north'],
    [{ lat: 52.8, lng: -1.55 }, 'south'],
    [{ lat: 53.8, lng: -0.5 }, 'east'],
    [{ lat: 53.8, lng: -2.6 }, 'west'],
    [{ lat: 54.3, lng: -0.7 }, 'north-east'],
    [{ lat: 53.3, lng: -2.4 }, 'south-west'],
  ])('names the direction from Leeds to %j as %s', (to, expected) => {
    expect(compassPoint(leeds, to)).toBe(expected);
  });
  it('measures bearings clockwise from north', () => {
    expect(bearingDegrees(leeds, { lat: 53.8, lng: -0.5 })).toBeCloseTo(90, 0);
    expect(bearingDegrees(leeds, { lat: 52.8, lng: -1.55 })).toBeCloseTo(180, 5);
  });
});
