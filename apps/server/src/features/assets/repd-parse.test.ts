import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { haversineKm } from '@solar/shared/domain/geo';
import { canonicalStatus, coordinatesOfRow, mapHeaders, parseRepd, parseUkDate } from './repd-parse';

const HEADER =
  'Old Ref ID,Ref ID,Record Last Updated (dd/mm/yyyy),Operator (or Applicant),Site Name,Technology Type,Storage Type,Installed Capacity (MWelec),Mounting Type for Solar,Development Status,Development Status (short),Address,County,Region,Country,Post Code,X-coordinate,Y-coordinate,Planning Authority,Planning Application Reference,Appeal Reference,Planning Application Submitted,Planning Permission Granted,Under Construction,Operational,Solar Site Area (sqm)';

const csv = (header: string, ...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';

describe('REPD parsing', () => {
  it('reads Windows-1252 with CRLF and quoted newlines, trimming stray spaces', () => {
    const text = csv(
      HEADER,
      'A1,101,05/11/2024,Énergie Ltd ,Fée Farm,Solar Photovoltaics, ,12.5,Ground ,Planning permission granted,Awaiting Construction,"Field 1\r\n, Lane End",Kent,South East ,England ,me13 9ee,603057,163995,Swale,21/1/FUL,,28/09/2023,02/01/2024,NA,,40468.6',
    );
    const { records, read, rejections } = parseRepd(iconv.encode(text, 'win1252'));
    expect(read).toBe(1);
    expect(rejections).toEqual([]);
    const [r] = records;
    expect(r).toMatchObject({
      repdRefId: '101',
      siteName: 'Fée Farm',
      repdOperator: 'Énergie Ltd',
      storageType: null,
      installedCapacity: 12.5,
      mountingType: 'Ground',
      developmentStatus: 'Planning Permission Granted',
      region: 'South East',
      country: 'England',
      postCode: 'ME13 9EE',
      address: 'Field 1, Lane End',
      recordLastUpdated: '2024-11-05',
      planningSubmissionDate: '2023-09-28',
      planningGrantedDate: '2024-01-02',
      underConstructionDate: null,
      siteAreaAcres: 10,
    });
  });

  it('maps columns by normalised header across releases (units, double spaces, BOM, order)', () => {
    const variant =
      '\uFEFFRef ID,Site Name,Record Last Updated,Operator (or Applicant),Technology Type,Installed Capacity (MW),Turbine Capacity (MW),Development Status,Region,Y-coordinate,X-coordinate,Planning Permission  Granted';
    const { columns, extra } = mapHeaders(variant.split(','));
    expect(columns).toMatchObject({ refId: 0, siteName: 1, recordLastUpdated: 2, operator: 3, technologyType: 4, installedCapacity: 5, developmentStatus: 7, region: 8, y: 9, x: 10, planningGrantedDate: 11 });
    expect(extra).toEqual([[6, 'turbine capacity']]);

    const text = csv(variant, '7,Windy Hill,01/02/2020,Op,Wind Onshore,9,3,Operational,Scotland,652937,218740,01/01/2019');
    const utf8 = Buffer.from(text, 'utf8');
    const { records } = parseRepd(utf8);
    expect(records[0]).toMatchObject({ repdRefId: '7', planningGrantedDate: '2019-01-01', extra: { 'turbine capacity': '3' } });
    expect(records[0]!.latitude).toBeCloseTo(55.74, 1);
  });

  it("keys extra columns as mapped headers are matched: 'Turbine Capacity' becoming 'Turbine Capacity (MW)' changes no row (decision 0464)", () => {
    const row = '7,Windy Hill,01/02/2020,Wind Onshore,9,3,Operational';
    const before = parseRepd(Buffer.from(csv('Ref ID,Site Name,Record Last Updated,Technology Type,Installed Capacity (MWelec),Turbine Capacity,Development Status', row)));
    const after = parseRepd(Buffer.from(csv('Ref ID,Site Name,Record Last Updated,Technology Type,Installed Capacity (MWelec),Turbine Capacity (MW),Development Status', row)));
    expect(after.records[0]!.extra).toEqual(before.records[0]!.extra);
    expect(after.records[0]!.contentHash).toBe(before.records[0]!.contentHash);
  });

  it('folds status spellings onto the canonical one (docs/product/assets.md#projects-table)', () => {
    for (const s of ['Planning Permission Granted ', 'Planning permission Granted', 'Planning permission granted']) {
      expect(canonicalStatus(s)).toBe('Planning Permission Granted');
    }
    expect(canonicalStatus('  ')).toBeNull();
  });

  it('reads dates as dd/mm/yyyy and refuses impossible ones', () => {
    expect(parseUkDate('14/01/2025')).toBe('2025-01-14');
    expect(parseUkDate('31/02/2025')).toBeNull();
    expect(parseUkDate('NA')).toBeNull();
  });

  it('converts British National Grid to WGS84 within a few metres (OS worked example)', () => {
    // OS "A guide to coordinate systems in Great Britain": E 651409.903 N 313177.270 is
    // ETRS89 52°39′28.8282″N 1°42′57.8663″E; the 7-parameter Helmert is good to a few metres.
    const c = coordinatesOfRow('651409.903', '313177.270');
    const expected = { lat: 52 + 39 / 60 + 28.8282 / 3600, lng: 1 + 42 / 60 + 57.8663 / 3600 };
    expect(haversineKm({ lat: c.lat!, lng: c.lng! }, expected) * 1000).toBeLessThan(5);
  });

  it('handles lat/lon typed into X/Y, tabs, blanks and off-grid values', () => {
    expect(coordinatesOfRow('54.727061', '-5.748969')).toMatchObject({ lat: 54.727061, lng: -5.748969, easting: null });
    expect(coordinatesOfRow('\t91228', '\t509961').lat).toBeCloseTo(54.39, 1);
    expect(coordinatesOfRow('', '')).toMatchObject({ lat: null, lng: null });
    expect(coordinatesOfRow('5000000', '5000000')).toMatchObject({ lat: null, lng: null });
  });

  it('rejects rows without a Ref ID or site name and drops stray storage values, with reasons', () => {
    const text = csv(
      HEADER,
      ',,01/01/2020,Op,No Ref,Battery,,1,,Operational,Operational,,,,,,,,,,,,,,,',
      ',5,01/01/2020,Op,,Battery,,1,,Operational,Operational,,,,,,,,,,,,,,,',
      ',6,01/01/2020,Op,Good,Battery,15908,1,,Operational,Operational,,,,,,,,,,,,,,,',
      ',6,01/01/2020,Op,Again,Battery,,1,,Operational,Operational,,,,,,,,,,,,,,,',
    );
    const r = parseRepd(Buffer.from(text));
    expect(r.read).toBe(4);
    expect(r.records.map((x) => x.repdRefId)).toEqual(['6']);
    expect(r.records[0]!.storageType).toBeNull();
    expect(r.rejections.map((x) => x.reason)).toEqual(['missing or invalid Ref ID', 'missing Site Name', 'duplicate Ref ID in the file']);
    expect(r.notes).toContain("Ref ID 6: stray Storage Type value '15908' dropped");
  });

  it('refuses a file that is not REPD', () => {
    expect(() => parseRepd(Buffer.from('a,b\r\n1,2\r\n'))).toThrow(/Not a REPD file/);
  });
});
