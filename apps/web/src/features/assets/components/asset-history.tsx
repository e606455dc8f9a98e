import { ASSET_HISTORY } from '@solar/shared/constants/assets';
import type { AssetChange } from '@solar/shared/contracts/assets';
import { formatDate } from '@solar/shared/domain/format';
import { HistoryStartsNote } from './history-starts-note';

const value = (v: string | null) => v ?? ASSET_HISTORY.none;
const mw = (v: string | null) => (v === null ? ASSET_HISTORY.none : `${v} MW`);

/** One change as a sentence: 'Status: Planning Permission Granted → Under Construction'. */
export function changeText(c: AssetChange): string {
  switch (c.kind) {
    case 'added':
      return c.after ? `${ASSET_HISTORY.added} (${c.after})` : ASSET_HISTORY.added;
    case 'removed':
      return ASSET_HISTORY.removed;
    case 'status':
      return `${ASSET_HISTORY.status}: ${value(c.before)} → ${value(c.after)}`;
    case 'capacity':
      return `${ASSET_HISTORY.capacity}: ${mw(c.before)} → ${mw(c.after)}`;
    case 'operator':
      return `${ASSET_HISTORY.operator}: ${value(c.before)} → ${value(c.after)}`;
  }
}

/** What REPD releases changed on the project, newest first (decision 0396). */
export function AssetHistory({ assetId, history }: { assetId: number; history: AssetChange[] }) {
  const headingId = `asset-history-${assetId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2" data-testid="asset-history">
      <h3 id={headingId} className="text-lg font-semibold">
        {ASSET_HISTORY.heading}
      </h3>
      {history.length === 0 ? (
        <>
          <p className="text-sm text-slate-600">{ASSET_HISTORY.empty}</p>
          <HistoryStartsNote />
        </>
      ) : (
        <ol className="grid gap-2 text-sm">
          {history.map((c, i) => (
            <li key={i} className="grid gap-x-3 sm:grid-cols-[7rem_minmax(0,1fr)]">
              <time dateTime={c.changedAt} className="text-slate-600">
                {formatDate(c.changedAt)}
              </time>
              <span className="break-words text-slate-900">
                {changeText(c)} <span className="text-slate-600">({c.release})</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
