import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { OCDS_SAMPLE } from '../tenders.seed';
import { importOcdsReleases, readOcdsSource } from './ocds-import';
import { mapRelease, type OcdsRelease } from './ocds-mapper';

describe.each(databaseKinds)('OCDS import on %s', (kind) => {
  let t: TestApp;
  let releases: OcdsRelease[];
  const snapshot = () =>
    t.ctx.database.query<{ digest: string; n: string }>(
      `SELECT md5(string_agg(row_to_json(x)::text, '|' ORDER BY x.external_id)) AS digest, count(*) AS n
         FROM (SELECT external_id, external_release_id, title, description, stage, published_date, closing_date, value_minimum,
                      value_maximum, notice_url, latitude, sectors, updated_at FROM tenders) x`,
    );

  beforeAll(async () => {
    t = await createTestApp({ kind });
    releases = await readOcdsSource(OCDS_SAMPLE);
  });
  afterAll(() => t.close());

  it('imports the 10 relevant notices of the 370 in the sample and counts the rest as dropped', async () => {
    const report = await importOcdsReleases(t.ctx.database, releases, { now: t.ctx.clock.now() });
    expect(report).toMatchObject({ read: 380, inserted: 10, updated: 0, skipped: 370, dropped: 370, invalid: 0, merged: 0 });
    const [row] = await t.ctx.database.query<{ n: string }>(`SELECT count(*) AS n FROM tenders WHERE source = 'External'`);
    expect(Number(row!.n)).toBe(10);
    // Each says why it matched (decision 0462).
    const reasons = await t.ctx.database.query<{ match_reason: string }>(`SELECT match_reason FROM tenders WHERE source = 'External'`);
    for (const r of reasons) expect(r.match_reason).toMatch(/^(cpv:\d{8}|(title|description|lots):.+)$/);
  });

  it('bounds every imported field and list, and counts what it cut (issue 25 finding 11)', async () => {
    const huge = 'Solar PV '.repeat(350_000); // about 3 MB
    const release = {
      ocid: 'ocds-test-huge',
      id: 'huge-1',
      date: '2026-01-01T00:00:00Z',
      tag: ['tender'],
      buyer: { name: 'B'.repeat(5_000) },
      tender: {
        title: huge,
        description: huge,
        lots: Array.from({ length: 5_000 }, (_, i) => ({ id: String(i), title: `Lot ${i} ${'x'.repeat(1_000)}` })),
        documents: Array.from({ length: 5_000 }, (_, i) => ({ title: 'Doc', url: `https://example.gov.uk/d/${i}` })),
        items: Array.from({ length: 20_000 }, (_, i) => ({ classification: { scheme: 'CPV', id: String(10_000_000 + i) } })),
      },
    } as OcdsRelease;
    const report = await importOcdsReleases(t.ctx.database, [release], { now: t.ctx.clock.now() });
    expect(report).toMatchObject({ inserted: 1 });
    expect(report.cuts).toMatchObject({
      'title cut to 300 characters': 1,
      'description cut to 10000 characters': 1,
      'organisation name cut to 300 characters': 1,
      'lots beyond 200 left out': 1,
      'documents beyond 100 left out': 1,
      'CPV codes beyond 100 left out': 1,
    });
    const [row] = await t.ctx.database.query<{ id: string; title: string; description: string; lots: unknown[]; documents: unknown[]; cpv_codes: string[] }>(
      `SELECT id, title, description, lots, documents, cpv_codes FROM tenders WHERE external_id = 'ocds-test-huge'`,
    );
    expect(row!.title.length).toBeLessThanOrEqual(300);
    expect(row!.description.length).toBeLessThanOrEqual(10_000);
    expect(row!.lots).toHaveLength(200);
    expect(row!.documents).toHaveLength(100);
    expect(row!.cpv_codes).toHaveLength(100);
    // The notice's page answer stays small (it was 9 MB).
    const answer = await t.app.inject({ url: `/api/tenders/${row!.id}` });
    expect(answer.body.length).toBeLessThan(200_000);
    await t.ctx.database.query(`DELETE FROM tenders WHERE external_id = 'ocds-test-huge'`);
  });

  it('updates a notice with a later release, and keeps a stored notice whose later release alone would not be relevant', async () => {
    const solar = releases.find((r) => r.ocid === 'ocds-b5fd17-354cb16b-45c5-4e81-9dff-e5b75c2a2dec')!;
    const ocid = 'ocds-test-later-award';
    await importOcdsReleases(t.ctx.database, [{ ...solar, ocid, id: 'r1', date: '2026-01-01T00:00:00Z' }], { now: t.ctx.clock.now() });
    const award = { ocid, id: 'r2', date: '2026-02-01T00:00:00Z', tag: ['award'], tender: { title: 'Contract award' }, awards: [{ status: 'active', suppliers: [{ name: 'Sun Ltd' }] }] };
    const report = await importOcdsReleases(t.ctx.database, [award], { now: t.ctx.clock.now() });
    expect(report).toMatchObject({ inserted: 0, updated: 1, dropped: 0 });
    const [row] = await t.ctx.database.query<{ stage: string; award_supplier: string; description: string }>(
      'SELECT stage, award_supplier, description FROM tenders WHERE external_id = $1',
      [ocid],
    );
    expect(row).toMatchObject({ stage: 'awarded', award_supplier: 'Sun Ltd' });
    expect(row!.description).toMatch(/solar/i);
    await t.ctx.database.query('DELETE FROM tenders WHERE external_id = $1', [ocid]);
  });

  it('changes nothing when run a second time, and says why each release was skipped', async () => {
    const before = await snapshot();
    const report = await importOcdsReleases(t.ctx.database, releases, { now: new Date('2027-01-01T00:00:00Z') });
    expect(report).toMatchObject({ read: 380, inserted: 0, updated: 0, skipped: 380 });
    expect(report.reasons).toEqual({ 'unchanged (release already imported)': 10, 'not relevant to this market': 370 });
    expect(await snapshot()).toEqual(before);
  });

  it('stores repaired text: no mojibake and no escaped CR LF left, words intact', async () => {
    const [bad] = await t.ctx.database.query<{ n: string }>(
      `SELECT count(*) AS n FROM tenders WHERE title || description || coalesce(organisation_name, '') ~ '(Â£|â€|Âµ|Ã¤|Â®|\\.rnrn)'`,
    );
    expect(Number(bad!.n)).toBe(0);
    const [tai] = await t.ctx.database.query<{ description: string; sectors: string[]; notice_url: string }>(
      `SELECT description, sectors, notice_url FROM tenders WHERE title = 'Design and Installation of Roof Mounted Solar PV Systems Framework Agreement'`,
    );
    expect(tai!.description).toContain('Tai Tarian is seeking');
    expect(tai!.sectors).toEqual(['solar']);
    expect(tai!.notice_url).toMatch(/^https:\/\/www\.sell2wales\.gov\.wales\//);
  });

  it('reports releases it cannot use with a reason and still imports the rest', async () => {
    const report = await importOcdsReleases(
      t.ctx.database,
      [{ id: 'x' } as OcdsRelease, { ocid: 'ocds-test-1', date: '2026-01-01T00:00:00Z', tender: {} }, { ocid: 'ocds-test-2', tender: { title: 'No date' } }],
      { now: t.ctx.clock.now() },
    );
    expect(report).toMatchObject({ read: 3, inserted: 0, skipped: 3 });
    expect(report.reasons).toEqual({ 'missing ocid': 1, 'missing title': 1, 'missing or invalid release date': 1 });
  });
});

describe('mapRelease', () => {
  let releases: OcdsRelease[];
  beforeAll(async () => {
    releases = await readOcdsSource(OCDS_SAMPLE);
  });

  it('maps a Contracts Finder award release (buyer, values, dates, contact, notice URL, award)', () => {
    const release = releases.find((r) => r.ocid === 'ocds-b5fd17-e3b5f385-5989-4cf1-8849-01c247fc9c30')!;
    const result = mapRelease(release);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.notice).toMatchObject({
      title: 'Parking Pilot - CEO',
      stage: 'awarded',
      organisationName: 'London Borough of Merton',
      valueMinimum: 93007,
      valueMaximum: 372032,
      contactEmail: 'Commercial.services@merton.gov.uk',
      contactTown: 'Morden',
      contactPostcode: 'SM4 5DX',
      contactWebsite: 'http://www.merton.gov.uk/',
      noticeUrl: 'https://www.contractsfinder.service.gov.uk/Notice/2a1e3359-87a0-4fdd-ac61-20d5e6520a13',
      awardSupplier: 'Marstons holdings plc',
      awardValue: 93007,
    });
    // No tender.datePublished: the release date is used.
    expect(result.notice.publishedDate.toISOString()).toBe('2025-01-23T22:10:19.000Z');
    expect(result.notice.closingDate?.toISOString()).toBe('2024-12-21T12:00:00.000Z');
    expect(result.notice.description).toContain('framework.\u202f The initial');
  });

  it('maps a Public Contracts Scotland release without a release id', () => {
    const result = mapRelease(releases.find((r) => r.ocid === 'ocds-r6ebe6-0000581860')!);
    expect(result.ok && result.notice).toMatchObject({
      externalReleaseId: 'ocds-r6ebe6-0000581860@2019-04-29T00:00:00.000Z',
      organisationName: 'ng homes',
      location: 'North Glasgow',
      contactPostcode: 'G21 4LS',
      stage: 'active',
      noticeUrl: 'https://www.publiccontractsscotland.gov.uk/search/show/search_view.aspx?ID=APR352786',
    });
  });
});
