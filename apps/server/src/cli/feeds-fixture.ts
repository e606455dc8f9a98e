import { readOcdsSource } from '../features/tenders/ocds/ocds-import';
import { startFeedFixture } from '../features/tenders/feeds/fixture-server';
import { OCDS_SAMPLE } from '../features/tenders/tenders.seed';

/**
 * `npm run feeds:fixture [-- PORT]`: the four tender feeds served on 127.0.0.1 from the bundled
 * sample, with one of each fault (docs/operations.md#tender-feeds). Point the server at it to
 * watch the feeds fill the board without touching the network.
 */
const port = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.FEEDS_FIXTURE_PORT ?? 4319);
const fixture = await startFeedFixture({ releases: await readOcdsSource(OCDS_SAMPLE), port });
console.log(`Tender feed fixture on ${fixture.url}. Start the server with:
  TENDER_FEEDS=all TENDER_FEEDS_SINCE=2019-03-01 FIND_A_TENDER_URL=${fixture.urls['find-a-tender']} \\
  CONTRACTS_FINDER_URL=${fixture.urls['contracts-finder']} PUBLIC_CONTRACTS_SCOTLAND_URL=${fixture.urls['public-contracts-scotland']} \\
  SELL2WALES_URL=${fixture.urls.sell2wales} npm start`);
const stop = () => void fixture.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
