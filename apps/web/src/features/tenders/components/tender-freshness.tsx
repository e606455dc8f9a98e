import type { TenderFreshness as Freshness } from '@solar/shared/contracts/tenders';
import { TENDER_FRESHNESS } from '@solar/shared/constants/tenders';
import { formatDate } from '@solar/shared/domain/format';
import { useTenderFreshness } from '../api/get-tender-freshness';

/** 'A, B and C' */
const listOf = (names: string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** The sentence the board shows under its heading (decision 0393). */
export function freshnessText(f: Freshness): string {
  // Only the feeds that have succeeded are named as sources of an update.
  const done = f.sources.filter((s) => s.lastSuccessAt);
  const updated = done
    .map((s) => s.lastSuccessAt!)
    .sort()
    .at(-1);
  if (updated) return TENDER_FRESHNESS.fromFeeds(listOf(done.map((s) => s.label)), formatDate(updated, 'dd/MM/yyyy HH:mm'));
  if (f.sources.length > 0) return TENDER_FRESHNESS.notYet(listOf(f.sources.map((s) => s.label)));
  return f.latestPublishedAt ? TENDER_FRESHNESS.sample(formatDate(f.latestPublishedAt)) : TENDER_FRESHNESS.noneImported;
}

/** Where the board's public notices come from and when they were last updated; nothing while loading or on failure. */
export function TenderFreshness() {
  const query = useTenderFreshness();
  if (!query.data) return null;
  return (
    <p className="mt-1 text-sm text-slate-600" data-testid="tender-freshness">
      {freshnessText(query.data)}
    </p>
  );
}
