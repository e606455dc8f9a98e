import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { partsSearchBody, type PartsSearchInput } from '@solar/shared/contracts/parts';
import type { Database } from '../../db/client';
import { parseEnv } from '../../env';
import { createLogger } from '../../logger';
import type { PartHit, PartRow } from './parts.repository';
import { getPart, searchParts, type PartsRepository } from './parts.service';

/**
 * The search's rules with the repository faked (STYLE: services get unit tests with their
 * repositories faked where that is clearer): which catalogue searches run, in which order, and
 * what the answer keeps when a lookup fails. The SQL itself is tested on a real database in
 * test/parts-search.test.ts.
 */

const hit = (model: string, power: number): PartHit => ({
  id: `module-${model.toLowerCase()}`,
  kind: 'module',
  manufacturer: 'Jinko Solar',
  model,
  technology: 'Mono-c-Si',
  power_w: power,
  efficiency_pct: 21,
  length_m: null,
  width_m: null,
  area_m2: null,
  cells: null,
  capacity_kwh: null,
  coupling: null,
  hybrid: false,
  bifacial: false,
  bipv: false,
  listed_on: null,
});

type FindCall = { brands: string[]; specs: boolean; withBrands: boolean; limit: number; nearPowerW?: number };

/** A repository whose catalogue answers from `answers` in turn (empty once they run out). */
function fakeRepository(options: { held: string[]; answers?: PartHit[][]; suppliersFail?: boolean }) {
  const calls: FindCall[] = [];
  const answers = [...(options.answers ?? [])];
  const repo: PartsRepository = {
    resolveBrands: async (_db, _kind, requested) => ({
      resolved: requested.flatMap((b) => options.held.filter((h) => h.toLowerCase().startsWith(b.toLowerCase()))),
      missing: requested.filter((b) => !options.held.some((h) => h.toLowerCase().startsWith(b.toLowerCase()))),
    }),
    findParts: async (_db, criteria, o) => {
      calls.push({ brands: criteria.brands, specs: o.specs, withBrands: o.brands, limit: o.limit, nearPowerW: o.nearPowerW });
      const hits = answers.shift() ?? [];
      return { hits, total: hits.length };
    },
    findSuppliers: async () => {
      if (options.suppliersFail) throw new Error('relation "providers" is unavailable');
      return [{ slug: 'leeds-wholesale', business_name: 'Leeds Solar Wholesale', type: 'Wholesaler', distance_km: null, countrywide: true }];
    },
    getPartById: async () => null,
  };
  return { repo, calls };
}

function context() {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const ctx = {
    database: {} as Database,
    env: parseEnv({ NODE_ENV: 'test', DATA_DIR: '.tmp/parts-service-test' }),
    log: createLogger('info', sink),
  };
  return { ctx, logs };
}

const request = (input: Partial<PartsSearchInput>) => partsSearchBody.parse({ product: 'Solar Panels', ...input });

describe('parts search rules (repository faked)', () => {
  it('with no match, tries the held brands without the specs, then the specs without the brands, then anything of the kind', async () => {
    const { ctx } = context();
    const { repo, calls } = fakeRepository({ held: ['Jinko Solar'], answers: [[], [], [], [hit('JKM400', 400)]] });
    const answer = await searchParts(ctx, request({ providers: ['Jinko', 'Acme Imaginary'], additionalSpecs: 'at least 900 W' }), repo);
    expect(calls.map(({ specs, withBrands, limit }) => ({ specs, withBrands, limit }))).toEqual([
      { specs: true, withBrands: true, limit: expect.any(Number) },
      { specs: false, withBrands: true, limit: 3 },
      { specs: true, withBrands: false, limit: 3 },
      { specs: false, withBrands: false, limit: 3 },
    ]);
    // Alternatives are chosen nearest the power asked for, with the brands resolved to catalogue names.
    expect(calls.slice(1).every((c) => c.nearPowerW === 900)).toBe(true);
    expect(calls.every((c) => c.brands.join() === 'Jinko Solar')).toBe(true);
    expect(answer.content).toContain('### Nearest alternatives');
    expect(answer.content).toContain('Jinko Solar JKM400');
    expect(answer.content).toContain('**Acme Imaginary**');
  });

  it('stops at the first alternative search that finds something', async () => {
    const { ctx } = context();
    const { repo, calls } = fakeRepository({ held: ['Jinko Solar'], answers: [[], [hit('JKM405', 405)]] });
    await searchParts(ctx, request({ providers: ['Jinko'], additionalSpecs: 'at least 900 W' }), repo);
    expect(calls).toHaveLength(2);
  });

  it('when no requested brand is held, runs no search restricted to brands', async () => {
    const { ctx } = context();
    const { repo, calls } = fakeRepository({ held: ['Jinko Solar'] });
    const answer = await searchParts(ctx, request({ providers: ['Acme Imaginary'], additionalSpecs: 'at least 400 W' }), repo);
    expect(calls.map(({ specs, withBrands }) => ({ specs, withBrands }))).toEqual([
      { specs: true, withBrands: false },
      { specs: false, withBrands: false },
    ]);
    expect(answer.content).toContain('The catalogue holds no PV module data for **Acme Imaginary**.');
  });

  it('runs no catalogue search for a product outside the catalogue, and still lists suppliers', async () => {
    const { ctx } = context();
    const { repo, calls } = fakeRepository({ held: [] });
    const answer = await searchParts(ctx, request({ product: 'MC4 Connectors' }), repo);
    expect(calls).toEqual([]);
    expect(answer.content).toContain('Leeds Solar Wholesale');
  });

  it('answers from the catalogue when the supplier lookup fails, and logs the failure', async () => {
    const { ctx, logs } = context();
    const { repo } = fakeRepository({ held: ['Jinko Solar'], answers: [[hit('JKM400', 400)]], suppliersFail: true });
    const answer = await searchParts(ctx, request({ providers: ['Jinko'] }), repo);
    expect(answer.content).toContain('Jinko Solar JKM400');
    expect(answer.content).toContain('The provider directory is not available right now.');
    expect(logs.join('')).toContain('parts search: supplier lookup failed');
  });

  it('an unknown product id is not found', async () => {
    const { ctx } = context();
    const { repo } = fakeRepository({ held: [] });
    await expect(getPart(ctx, 'module-nothing', repo)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a product is mapped field by field, with its source credited', async () => {
    const { ctx } = context();
    const row: PartRow = {
      ...hit('JKM400', 400),
      voc_v: 37.1,
      vmp_v: 30.6,
      ac_voltage_v: null,
      dc_voltage_max_v: null,
      mppt_low_v: null,
      mppt_high_v: null,
      source_file: 'cec-modules-2021.csv.gz',
    };
    const part = await getPart(ctx, row.id, { getPartById: async () => row });
    expect(part).toMatchObject({ id: row.id, manufacturer: 'Jinko Solar', powerW: 400, vocV: 37.1, listedOn: null });
    expect(part.source).toBe('California Energy Commission PV module list (NREL SAM library, December 2021)');
  });
});
