import { ASSET_MESSAGES } from '@solar/shared/constants/assets';
import type { AssetPointProperties } from '@solar/shared/contracts/assets';
import type { MapStatus } from '../../../lib/map';
import { capacityFigure } from './asset-map-popup';

export const ASSETS_IN_VIEW_HEADING_ID = 'assets-in-view';
/** Rows in the keyboard list of assets in view (the largest by capacity). */
export const ASSETS_IN_VIEW_LIST_MAX = 50;

/** '12.5 MW', or 'capacity unknown' (issue 19: not 'N/A MW'). */
export const listCapacity = (mw: number | null) => {
  const figure = capacityFigure(mw);
  return figure === null ? ASSET_MESSAGES.capacityUnknown : `${figure} MW`;
};

/**
 * The keyboard list under the asset map: the largest assets in view, each opening its popup. When
 * the map cannot load, the largest matching assets are listed and open their details instead.
 */
export function AssetsInView({
  items,
  count,
  loading,
  mapStatus,
  onOpen,
  onViewDetails,
}: {
  items: readonly AssetPointProperties[];
  count: number;
  loading: boolean;
  mapStatus: MapStatus;
  onOpen(asset: AssetPointProperties): void;
  onViewDetails(asset: AssetPointProperties): void;
}) {
  const failed = mapStatus === 'failed';
  const summary = failed
    ? ASSET_MESSAGES.mapUnavailableList
    : loading
      ? 'Loading…'
      : `${count.toLocaleString('en-GB')} in view${count > ASSETS_IN_VIEW_LIST_MAX ? `; the ${ASSETS_IN_VIEW_LIST_MAX} largest by capacity are listed` : ''}. Choose one to open it on the map.`;
  return (
    <section aria-labelledby={ASSETS_IN_VIEW_HEADING_ID} className="rounded-lg border border-border p-4">
      <h2 id={ASSETS_IN_VIEW_HEADING_ID} tabIndex={-1} className="text-base font-semibold">
        Assets in view
      </h2>
      <p className="mt-1 text-xs text-slate-600" aria-live="polite">
        {summary}
      </p>
      {items.length > 0 && (
        <ul className="mt-3 grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((a) => (
            <li key={a.id} className="min-w-0">
              <button type="button" className="w-full truncate rounded px-2 py-1 text-left text-sm hover:bg-muted" onClick={() => (failed ? onViewDetails(a) : onOpen(a))}>
                <span className="font-medium">{a.title}</span>
                <span className="text-slate-600"> · {listCapacity(a.capacity)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
