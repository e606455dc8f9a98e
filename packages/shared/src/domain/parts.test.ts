import { describe, expect, it } from 'vitest';
import { BRANDS, PRODUCT_CATEGORIES, PRODUCT_NAMES } from '../constants/parts';
import { citationMarkers, findCategory, mergeFilters, normaliseManufacturer, parseSpecs, quantityTotal } from './parts';

describe('normaliseManufacturer', () => {
  it.each([
    ['Jinko Solar Co._ Ltd', 'Jinko Solar'],
    ['Jinko Solar Co - Ltd ', 'Jinko Solar'],
    ['Hanwha Q CELLS', 'Qcells'],
    ['Hanwha Q CELLS (Qidong) Co._ Ltd.', 'Qcells'],
    ['HANWHA Q CELLS AMERICA INC ', 'Qcells'],
    ['LONGi Green Energy Technology Co._ Ltd.', 'LONGi'],
    ['CSI Solar Co._ Ltd.', 'Canadian Solar'],
    ['Canadian Solar Inc ', 'Canadian Solar'],
    ['Ningbo Ginlong Technologies Co - Ltd ', 'Solis'],
    ['Altenergy Power System Inc ', 'APsystems'],
    ['Shenzhen Growatt New Energy Technology Co - Ltd', 'Growatt'],
    ['SolarEdge Technologies Ltd ', 'SolarEdge'],
    ['SMA America', 'SMA'],
    ['First Solar_ Inc.', 'First Solar'],
    ['Silfab Solar Inc.', 'Silfab Solar'],
    ['Heliene', 'Heliene'],
    ['Sunergy California LLC', 'Sunergy California'],
    ['Zhejiang Trunsun Solar Co._ Ltd.', 'Zhejiang Trunsun Solar'],
    ['Jetion Solar (China) Co._Ltd.', 'Jetion Solar'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseManufacturer(raw)).toBe(expected);
  });
});

describe('parseSpecs', () => {
  it.each([
    ['at least 400 W', { minPowerW: 400 }],
    ['≥ 400 W', { minPowerW: 400 }],
    ['>=400W', { minPowerW: 400 }],
    ['400W+', { minPowerW: 400 }],
    ['minimum 5kW', { minPowerW: 5000 }],
    ['up to 5 kW', { maxPowerW: 5000 }],
    ['≤ 3.6kW', { maxPowerW: 3600 }],
    ['300-400 W', { minPowerW: 300, maxPowerW: 400 }],
    ['between 3 to 5 kW', { minPowerW: 3000, maxPowerW: 5000 }],
    ['around 410 Wp', { targetPowerW: 410 }],
    ['monocrystalline, at least 21% efficiency', { technology: 'mono', minEfficiencyPct: 21 }],
    ['poly', { technology: 'multi' }],
    ['CdTe thin film', { technology: 'thin-film' }],
    ['bifacial mono 550W+', { technology: 'mono', bifacial: true, minPowerW: 550 }],
    ['hybrid', { hybrid: true }],
    ['non-hybrid please', { hybrid: false }],
    ['DC-coupled, at least 10 kWh', { coupling: 'DC', minCapacityKwh: 10 }],
    ['', {}],
  ])('%s', (text, expected) => {
    expect(parseSpecs(text)).toEqual(expected);
  });

  it('never reads a kWh capacity as a power', () => {
    expect(parseSpecs('10 kWh battery')).toEqual({ minCapacityKwh: 10 });
  });

  it('lets the user override what the category implies', () => {
    expect(mergeFilters({ hybrid: true, minPowerW: 1000 }, parseSpecs('at least 3 kW, up to 4 kW'))).toEqual({
      hybrid: true,
      minPowerW: 3000,
      maxPowerW: 4000,
    });
  });

  it("reads a lone minimum as a range up to ten times it, so 'at least 5 kW' never reaches a 4 MW unit (decision 0362)", () => {
    expect(mergeFilters({ hybrid: true }, parseSpecs('at least 5 kW, three-phase'))).toEqual({
      hybrid: true,
      minPowerW: 5000,
      maxPowerW: 50_000,
      phase: 'three',
    });
  });

  it.each([
    ['three-phase', 'three'],
    ['3 phase', 'three'],
    ['3-ph', 'three'],
    ['single-phase', 'single'],
    ['1 phase', 'single'],
  ] as const)('reads the phase in %s', (text, phase) => {
    expect(parseSpecs(text).phase).toBe(phase);
  });
});

describe('quantityTotal', () => {
  it('gives kWp for panels, kW for inverters and kWh for batteries', () => {
    expect(quantityTotal('module', 20, { powerW: 405.2, capacityKwh: null })).toEqual({
      value: 8.1,
      unit: 'kWp',
      label: 'peak DC capacity',
    });
    expect(quantityTotal('inverter', 3, { powerW: 3600, capacityKwh: null })).toMatchObject({
      value: 10.8,
      unit: 'kW',
    });
    expect(quantityTotal('battery', 2, { powerW: 3000, capacityKwh: 8.85 })).toMatchObject({
      value: 17.7,
      unit: 'kWh',
    });
    expect(quantityTotal('battery', 2, { powerW: 3000, capacityKwh: null })).toBeNull();
  });
});

describe('categories and brands', () => {
  it('holds about 85 distinct categories across the six groups and about 150 distinct brands', () => {
    expect(new Set(PRODUCT_NAMES).size).toBe(PRODUCT_NAMES.length);
    expect(PRODUCT_NAMES.length).toBeGreaterThanOrEqual(80);
    expect(PRODUCT_NAMES.length).toBeLessThanOrEqual(90);
    expect(new Set(PRODUCT_CATEGORIES.map((p) => p.group)).size).toBe(6);
    expect(new Set(BRANDS.map((b) => b.toLowerCase())).size).toBe(BRANDS.length);
    expect(BRANDS.length).toBeGreaterThanOrEqual(140);
    expect(BRANDS.length).toBeLessThanOrEqual(165);
  });

  it('includes the catalogue brands a UK buyer asks for', () => {
    for (const brand of [
      'Jinko Solar',
      'Trina Solar',
      'Qcells',
      'LONGi',
      'JA Solar',
      'REC',
      'Canadian Solar',
      'SolarEdge',
      'Fronius',
      'SMA',
      'Huawei',
      'Growatt',
      'Enphase',
      'Sungrow',
      'GoodWe',
      'Hoymiles',
      'SolaX',
      'Tesla',
      'Solis',
      'APsystems',
      'BYD',
      'Kostal',
      'Siemens',
    ])
      expect(BRANDS).toContain(brand);
  });

  it('maps categories and free text to the catalogue kind', () => {
    expect(findCategory('solar panels')?.kind).toBe('module');
    expect(findCategory('Hybrid Inverters')?.filter).toEqual({ hybrid: true });
    expect(findCategory('cheap jinko panels')?.kind).toBe('module');
    expect(findCategory('MC4 Connectors')?.kind).toBeUndefined();
    expect(findCategory('garden gnome')).toBeNull();
  });
});

describe('citationMarkers', () => {
  it('reads [n] markers but not markdown links', () => {
    expect(citationMarkers('a [1] b [2][3] [see](/x) [4](/y)')).toEqual([1, 2, 3]);
  });
});
