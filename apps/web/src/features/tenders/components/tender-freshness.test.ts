import { describe, expect, it } from 'vitest';
import { freshnessText } from './tender-freshness';

describe("the board's freshness line (decision 0393)", () => {
  it('names the feeds that have updated and the latest update', () => {
    expect(
      freshnessText({
        sources: [
          { id: 'find-a-tender', label: 'Find a Tender', lastSuccessAt: '2026-11-24T08:00:00.000Z' },
          { id: 'contracts-finder', label: 'Contracts Finder', lastSuccessAt: '2026-11-24T09:30:00.000Z' },
          { id: 'sell2wales', label: 'Sell2Wales', lastSuccessAt: null },
        ],
        latestPublishedAt: '2026-11-23T12:00:00.000Z',
      }),
    ).toMatch(/^Public notices from Find a Tender and Contracts Finder, updated 24\/11\/2026 \d\d:30\.$/);
  });

  it('says a first update is under way, and otherwise how old the bundled sample is', () => {
    expect(freshnessText({ sources: [{ id: 'find-a-tender', label: 'Find a Tender', lastSuccessAt: null }], latestPublishedAt: null })).toBe(
      'Public notices from Find a Tender: the first update is under way.',
    );
    expect(freshnessText({ sources: [], latestPublishedAt: '2025-03-11T10:00:00.000Z' })).toBe(
      'Public notices from a sample of Contracts Finder, Public Contracts Scotland and Sell2Wales releases; the newest was published on 11/03/2025.',
    );
    expect(freshnessText({ sources: [], latestPublishedAt: null })).toBe('No public notices have been imported yet.');
  });
});
