import { describe, expect, it } from 'vitest';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { ProviderClusters, pointsIn } from './provider-map-clusters';

const point = (id: string, lng: number, lat: number, radius: number | null): ProviderPoint => ({
  id,
  slug: id,
  businessName: `Provider ${id}`,
  position: [lng, lat],
  radius,
  countrywide: radius === -1,
});

// Four near Leeds (one countrywide), two near London (both countrywide), one in Belfast.
const points = [
  point('a', -1.55, 53.8, 50),
  point('b', -1.54, 53.81, 25),
  point('c', -1.56, 53.79, -1),
  point('d', -1.545, 53.805, 0),
  point('e', -0.12, 51.5, -1),
  point('f', -0.13, 51.51, -1),
  point('g', -5.93, 54.6, 100),
];
const UK: [number, number, number, number] = [-11, 49, 3, 61];

describe('directory map clustering (docs/product/providers.md#directory-map)', () => {
  it('clusters nearby providers at the UK zoom and carries the countrywide share', () => {
    const clusters = new ProviderClusters(points);
    const items = clusters.itemsIn(UK, 4.8);
    const byCount = items
      .filter((i) => i.kind === 'cluster')
      .sort((a, b) => (a.kind === 'cluster' && b.kind === 'cluster' ? b.count - a.count : 0));
    expect(byCount.map((c) => (c.kind === 'cluster' ? [c.count, c.countrywide, c.share] : null))).toEqual([
      [4, 1, 0.25],
      [2, 2, 1],
    ]);
    expect(items.filter((i) => i.kind === 'point').map((i) => (i.kind === 'point' ? i.point.id : ''))).toEqual(['g']);
  });

  it('a cluster expands at a deeper zoom, where its providers come apart', () => {
    const clusters = new ProviderClusters(points);
    const leeds = clusters.itemsIn(UK, 4.8).find((i) => i.kind === 'cluster' && i.count === 4);
    if (leeds?.kind !== 'cluster') throw new Error('no Leeds cluster');
    const zoom = clusters.expansionZoom(leeds.id);
    expect(zoom).toBeGreaterThan(4.8);
    expect(zoom).toBeLessThanOrEqual(20);
    const deeper = clusters.itemsIn([-1.6, 53.7, -1.5, 53.9], 17);
    expect(deeper.every((i) => i.kind === 'point')).toBe(true);
    expect(deeper).toHaveLength(4);
  });

  it('providers at one spot never expand past zoom 20', () => {
    const same = Array.from({ length: 5 }, (_, i) => point(`s${i}`, -2, 52, 10));
    const clusters = new ProviderClusters(same);
    const [cluster] = clusters.itemsIn(UK, 10);
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(clusters.expansionZoom(cluster.id)).toBeLessThanOrEqual(20);
  });

  it('lists the providers inside the view in server order', () => {
    expect(pointsIn(points, [-2, 53, -1, 54]).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(pointsIn(points, [10, 10, 11, 11])).toEqual([]);
  });

  it('clusters 50,000 providers, every one counted once at the UK zoom (time logged, not asserted: the machine is shared)', () => {
    const many = Array.from({ length: 50_000 }, (_, i) =>
      point(String(i), -5.5 + ((i * 7919) % 7000) / 1000, 50.2 + ((i * 104729) % 8500) / 1000, i % 10 === 0 ? -1 : 30),
    );
    const started = performance.now();
    const clusters = new ProviderClusters(many);
    const built = performance.now() - started;
    const t2 = performance.now();
    const items = clusters.itemsIn(UK, 4.8);
    const queried = performance.now() - t2;
    console.log(
      `supercluster: 50,000 points indexed in ${built.toFixed(0)} ms; UK view (${items.length} items) in ${queried.toFixed(1)} ms`,
    );
    expect(items.reduce((n, i) => n + (i.kind === 'cluster' ? i.count : 1), 0)).toBe(50_000);
  });
});

describe('providers sharing a position (decision 0356)', () => {
  const shared = [point('s1', -1.5, 53.8, 10), point('s2', -1.5, 53.8, -1), point('s3', -1.5, 53.8, 5), point('t', -1.49, 53.8, 5)];

  it('are one group marker, not markers stacked on each other, once clusters have come apart', () => {
    const items = new ProviderClusters(shared).itemsIn(UK, 18);
    const group = items.find((i) => i.kind === 'group');
    expect(group && group.kind === 'group' ? group.points.map((p) => p.id) : null).toEqual(['s1', 's2', 's3']);
    expect(items.filter((i) => i.kind === 'point').map((i) => (i.kind === 'point' ? i.point.id : ''))).toEqual(['t']);
  });

  it('a cluster that cannot split before the clustering stops lists its providers in server order', () => {
    const clusters = new ProviderClusters(shared.slice(0, 3));
    const [cluster] = clusters.itemsIn(UK, 12);
    expect(cluster?.kind).toBe('cluster');
    if (cluster?.kind !== 'cluster') return;
    expect(clusters.expansionZoom(cluster.id)).toBeGreaterThan(16);
    expect(clusters.leaves(cluster.id).map((p) => p.id)).toEqual(['s1', 's2', 's3']);
  });
});
