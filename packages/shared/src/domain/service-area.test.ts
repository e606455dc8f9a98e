import { describe, expect, it } from 'vitest';
import { haversineKm } from './geo';
import {
  cappedExpansionZoom,
  clusterMap,
  clusterReduce,
  countrywideShare,
  hasServiceArea,
  serviceAreaBounds,
  serviceAreaFeature,
  serviceAreaRing,
} from './service-area';

describe('service-area circle (docs/product/providers.md#service-areas)', () => {
  it('has 64 points and is closed', () => {
    const ring = serviceAreaRing([-1.5, 53.8], 50);
    expect(ring).toHaveLength(65);
    expect(ring[64]).toEqual(ring[0]);
    expect(new Set(ring.slice(0, 64).map((p) => p.join(','))).size).toBe(64);
  });

  it('uses 110.574 km per degree of latitude and 111.32 km per degree of longitude scaled by cos(latitude)', () => {
    const [lng, lat] = [-1.5, 53.8];
    const ring = serviceAreaRing([lng, lat], 100);
    // i = 0 is due east, i = 16 due north (64 points).
    expect(ring[0]![0] - lng).toBeCloseTo(100 / (111.32 * Math.cos((lat * Math.PI) / 180)), 10);
    expect(ring[0]![1]).toBeCloseTo(lat, 10);
    expect(ring[16]![1] - lat).toBeCloseTo(100 / 110.574, 10);
    expect(ring[16]![0]).toBeCloseTo(lng, 10);
    expect(ring[32]![0] - lng).toBeCloseTo(-100 / (111.32 * Math.cos((lat * Math.PI) / 180)), 10);
  });

  // The spec's flat conversion is an approximation: within 2% of the 6371 km haversine up to 300 km.
  it('every vertex lies about the radius from the centre on the ground (within 2%)', () => {
    for (const [center, radius] of [
      [[-0.1276, 51.5072], 25],
      [[-3.19, 55.95], 300],
      [[-5.93, 54.6], 5],
    ] as const) {
      for (const [lng, lat] of serviceAreaRing([center[0], center[1]], radius)) {
        const d = haversineKm({ lat: center[1], lng: center[0] }, { lat, lng });
        expect(Math.abs(d - radius) / radius).toBeLessThan(0.02);
      }
    }
  });

  it('bounds match the ring extremes; features are GeoJSON polygons', () => {
    const ring = serviceAreaRing([-2, 52], 80);
    const [w, s, e, n] = serviceAreaBounds([-2, 52], 80);
    expect(Math.min(...ring.map((p) => p[0]))).toBeCloseTo(w, 10);
    expect(Math.max(...ring.map((p) => p[0]))).toBeCloseTo(e, 10);
    expect(Math.min(...ring.map((p) => p[1]))).toBeCloseTo(s, 10);
    expect(Math.max(...ring.map((p) => p[1]))).toBeCloseTo(n, 10);
    const f = serviceAreaFeature([-2, 52], 80, { id: 'x' });
    expect(f.geometry.type).toBe('Polygon');
    expect(f.geometry.coordinates[0]).toHaveLength(65);
    expect(f.properties).toEqual({ id: 'x' });
  });

  it('only local providers with a radius above 0 get a circle', () => {
    expect(hasServiceArea(50)).toBe(true);
    expect(hasServiceArea(0)).toBe(false);
    expect(hasServiceArea(-1)).toBe(false);
    expect(hasServiceArea(null)).toBe(false);
    expect(hasServiceArea(Number.NaN)).toBe(false);
  });
});

describe('cluster share of countrywide providers (docs/product/providers.md#directory-map)', () => {
  it('is countrywide / total, clamped to 0..1, 0 for an empty cluster', () => {
    expect(countrywideShare(1, 4)).toBe(0.25);
    expect(countrywideShare(0, 7)).toBe(0);
    expect(countrywideShare(3, 3)).toBe(1);
    expect(countrywideShare(0, 0)).toBe(0);
    expect(countrywideShare(5, 2)).toBe(1);
  });

  it('map and reduce count countrywide points across nested clusters', () => {
    const points = [true, false, true, false, false].map((c) => clusterMap({ countrywide: c }));
    const left = { ...points[0]! };
    clusterReduce(left, points[1]!);
    const right = { ...points[2]! };
    clusterReduce(right, points[3]!);
    clusterReduce(right, points[4]!);
    clusterReduce(left, right);
    expect(left.countrywide).toBe(2);
    expect(countrywideShare(left.countrywide, 5)).toBe(0.4);
  });

  it('expansion zoom is capped at 20', () => {
    expect(cappedExpansionZoom(12)).toBe(12);
    expect(cappedExpansionZoom(23)).toBe(20);
  });
});
