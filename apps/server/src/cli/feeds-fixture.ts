import { readOcdsSource } from '../features/tenders/ocds/ocds-import';
import { buildRepdFixtureReleases } from '../features/assets/repd-fixture-releases';
import { startFeedFixture } from '../features/tenders/feeds/fixture-server';
import { OCDS_SAMPLE } from '../features/tenders/tenders.seed';

/**
 * `npm run feeds:fixture [-- PORT]`: the four tender feeds served on 127.0.0.1 from the bundled
 * sample, with one of each fault (docs/operations.md#tender-feeds), and the GOV.UK REPD
 * publication listing the bundled release and a next one with known changes (decision 0395). Point
 * the server at it to watch the feeds fill the board without touching the network.
 */
const port = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.FEEDS_FIXTURE_PORT ?? 4319);
// The generated notices of issue 29 end now: a server started with the default 30-day first run
// reads them. FEEDS_FIXTURE_END (an ISO time) moves their three days, so that a journey can put the
// award of a chosen notice within its first hours of reading (e2e/tests/trust/public-contracts.spec.ts).
const end = process.env.FEEDS_FIXTURE_END ? new Date(process.env.FEEDS_FIXTURE_END) : new Date();
if (Number.isNaN(end.getTime())) {
  console.error(`FEEDS_FIXTURE_END must be an ISO date and time, not "${process.env.FEEDS_FIXTURE_END}"`);
  process.exit(2);
}
const repd = buildRepdFixtureReleases();
const fixture = await startFeedFixture({ releases: await readOcdsSource(OCDS_SAMPLE), port, scenarioEnd: end, repdReleases: [repd.first, repd.second] });
// Both releases listed: a server seeded with the bundled release imports the second with its changes.
fixture.repd.listed = [repd.first.fileName, repd.second.fileName];
console.log(`Tender feed fixture on ${fixture.url}. Start the server with:
  TENDER_FEEDS=all FIND_A_TENDER_URL=${fixture.urls['find-a-tender']} \\
  CONTRACTS_FINDER_URL=${fixture.urls['contracts-finder']} PUBLIC_CONTRACTS_SCOTLAND_URL=${fixture.urls['public-contracts-scotland']} \\
  SELL2WALES_URL=${fixture.urls.sell2wales} REPD_FEED_URL=${fixture.repd.url} npm start
REPD: ${repd.second.fileName} (${repd.rows.second} rows) changes ${repd.changes.map((c) => `${c.kind} ${c.repdRefId}`).join(', ')} from the bundled release.`);
const stop = () => void fixture.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
