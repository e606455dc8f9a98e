import path from 'node:path';
import { dataDir } from '../../paths';
import type { AppContext } from '../../plugins/context';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { findUserByEmail } from '../accounts/accounts.repository';
import { TENDER_FEED_IDS } from '@solar/shared/constants/data-sources';
import { recordStartupImport } from '../../platform/data-sources.repository';
import { formatReport, importOcdsReleases, readOcdsSource } from './ocds/ocds-import';
import { sourceOfOcid, type OcdsRelease } from './ocds/ocds-mapper';
import { insertTender } from './tenders.repository';

type SeedContext = Pick<AppContext, 'database' | 'log' | 'clock'>;

export const OCDS_SAMPLE = path.join(dataDir, 'tenders', 'uk-ocds-releases-sample.json.gz');

/**
 * Real data: the bundled UK OCDS sample (data/tenders/SOURCE.md), imported on first start, each
 * publisher's releases recorded as its source's start-up import in the Data sources tab (decision 0463).
 */
export async function seedOcdsSample(ctx: SeedContext) {
  const releases = await readOcdsSource(OCDS_SAMPLE);
  const bySource = new Map<string, OcdsRelease[]>();
  for (const r of releases) {
    const source = sourceOfOcid(typeof r?.ocid === 'string' ? r.ocid : '');
    bySource.set(source, [...(bySource.get(source) ?? []), r]);
  }
  for (const [source, group] of bySource) {
    const report = await importOcdsReleases(ctx.database, group, { now: ctx.clock.now() });
    ctx.log.info({ source, report: { ...report, examples: undefined } }, `OCDS sample imported: ${formatReport(report).split('\n')[0]}`);
    if (!(TENDER_FEED_IDS as readonly string[]).includes(source)) continue;
    await recordStartupImport(ctx.database.db, source, {
      at: ctx.clock.now().toISOString(),
      what: 'the bundled sample of notices',
      read: report.read,
      kept: report.read - report.dropped - report.invalid - report.merged,
      dropped: report.dropped + report.invalid,
    });
  }
}

const DAY_MS = 86_400_000;

/**
 * Demo 'Solar Manager' tenders with closing dates in the future (only 2 of the 380 sample notices
 * close after November 2026), owned by the demo asset owner and marked '(demo)'. SEED_DEMO only.
 */
export const DEMO_TENDERS = [
  { service: 'Panel Cleaning', place: 'Bristol', lat: 51.4545, lng: -2.5879, min: 8000, max: 15000, days: 1 },
  { service: 'Operations & Maintenance (O&M)', place: 'Norwich', lat: 52.6309, lng: 1.2974, min: 60000, max: 120000, days: 2 },
  { service: 'Drone Surveys', place: 'Exeter', lat: 50.7184, lng: -3.5339, min: 4000, max: 9000, days: 3 },
  { service: 'Vegetation Management', place: 'Lincoln', lat: 53.2307, lng: -0.5406, min: 12000, max: 25000, days: 4 },
  { service: 'Thermographic Surveys', place: 'York', lat: 53.959, lng: -1.0815, min: 3000, max: 7500, days: 5 },
  { service: 'Battery Storage Integration', place: 'Swindon', lat: 51.5558, lng: -1.7797, min: 250000, max: 600000, days: 6 },
  { service: 'Grid Connection', place: 'Peterborough', lat: 52.5695, lng: -0.2405, min: 150000, max: 400000, days: 8 },
  { service: 'Security & CCTV', place: 'Cardiff', lat: 51.4816, lng: -3.1791, min: 20000, max: 45000, days: 9 },
  { service: 'Rooftop Solar Installation', place: 'Manchester', lat: 53.4808, lng: -2.2426, min: 90000, max: 180000, days: 11 },
  { service: 'Inverter Servicing & Repair', place: 'Leeds', lat: 53.8008, lng: -1.5491, min: 10000, max: 30000, days: 12 },
  { service: 'Ecology & Biodiversity', place: 'Oxford', lat: 51.752, lng: -1.2577, min: 5000, max: 12000, days: 14 },
  { service: 'Repowering', place: 'Aberdeen', lat: 57.1497, lng: -2.0943, min: 400000, max: 900000, days: 16 },
] as const;

export async function seedDemoTenders(ctx: SeedContext) {
  const account = DEMO_ACCOUNTS.find((a) => a.type === 'representative');
  const owner = account && (await findUserByEmail(ctx.database.db, account.email));
  if (!owner) return;
  const now = ctx.clock.now().getTime();
  await ctx.database.db.transaction(async (tx) => {
    for (const [i, t] of DEMO_TENDERS.entries()) {
      await insertTender(
        tx,
        {
          userId: owner.id,
          source: 'Solar Manager',
          type: 'open',
          isDemo: true,
          service: t.service,
          title: `${t.service} for a solar farm near ${t.place} (demo)`,
          description:
            `Demo tender: a ${10 + i * 4} MW ground-mounted solar farm near ${t.place} needs ${t.service.toLowerCase()}. ` +
            'We are looking for an experienced UK provider to quote for a three-year programme of work, with a site visit ' +
            'before the start. Please include your accreditations, insurance and typical response times. This tender is ' +
            'sample content for demonstration only.',
          location: `${t.place}, United Kingdom`,
          latitude: t.lat,
          longitude: t.lng,
          searchRadius: 100,
          startTimePreference: i % 3 === 0 ? 'flexible' : i % 3 === 1 ? '1month' : '2weeks',
          organisationName: owner.company,
          publishedDate: new Date(now - t.days * DAY_MS),
          closingDate: new Date(now + (10 + i * 3) * DAY_MS),
          valueMinimum: t.min,
          valueMaximum: t.max,
          sectors: ['solar'],
          createdAt: new Date(now - t.days * DAY_MS),
        },
        [],
      );
    }
  });
}
