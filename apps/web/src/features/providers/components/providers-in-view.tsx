import { Link } from '../../../components/ui/link';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { COUNTRYWIDE_PROVIDER_COLOUR, LOCAL_PROVIDER_COLOUR, MAP_TEXT as T, PROVIDERS_IN_VIEW_LIST_MAX } from '@solar/shared/constants/maps';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { hasServiceArea } from '@solar/shared/domain/service-area';
import type { MapStatus } from '../../../lib/map';
import type { View } from './provider-map-layers';

export const PROVIDERS_IN_VIEW_HEADING_ID = 'providers-in-view';

/** A provider's row: its type colour, name and service radius. */
export function ProviderRowContent({ point: p }: { point: ProviderPoint }) {
  return (
    <>
      <span aria-hidden className="inline-block h-2.5 w-2.5 shrink-0 rounded-full" style={{ backgroundColor: p.countrywide ? COUNTRYWIDE_PROVIDER_COLOUR : LOCAL_PROVIDER_COLOUR }} />
      <span className="min-w-0 flex-1 truncate font-medium">{p.businessName || M.unclaimedName}</span>
      <span className="shrink-0 text-xs text-slate-600">{p.countrywide ? 'Countrywide' : hasServiceArea(p.radius) ? `${p.radius} km` : ''}</span>
    </>
  );
}

const rowClasses = 'flex w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-muted focus-visible:outline-offset-[-2px] aria-pressed:bg-primary/10';

/**
 * The keyboard list beside the map: the providers in view, each opening its card (decision 0272).
 * When the map cannot load, it lists every provider with a link to its profile instead of waiting
 * for a view that never comes (issue 19).
 */
export function ProvidersInView({
  view,
  inView,
  all,
  mapStatus,
  selectedId,
  onOpen,
  clusteredInView = 0,
}: {
  view: View | null;
  inView: readonly ProviderPoint[];
  /** Providers in view inside the server's clusters (decision 0387): counted, not listed. */
  clusteredInView?: number;
  all: readonly ProviderPoint[];
  mapStatus: MapStatus;
  selectedId?: string;
  onOpen(point: ProviderPoint): void;
}) {
  const failed = mapStatus === 'failed';
  const rows = (failed ? all : inView).slice(0, PROVIDERS_IN_VIEW_LIST_MAX);
  const summary = failed
    ? T.mapUnavailableList(all.length)
    : view && clusteredInView > 0
      ? T.inViewClustered(inView.length + clusteredInView, rows.length)
      : view
      ? `${inView.length.toLocaleString('en-GB')} in view${inView.length > PROVIDERS_IN_VIEW_LIST_MAX ? `; the first ${PROVIDERS_IN_VIEW_LIST_MAX} are listed` : ''}. Choose one to open it on the map.`
      : 'Loading…';
  return (
    <section aria-labelledby={PROVIDERS_IN_VIEW_HEADING_ID} className="min-w-0 rounded-lg border border-border p-4 lg:max-h-[640px] lg:overflow-y-auto">
      <h2 id={PROVIDERS_IN_VIEW_HEADING_ID} tabIndex={-1} className="text-base font-semibold">
        {T.providersInView}
      </h2>
      <p className="mt-1 text-xs text-slate-600" aria-live="polite">
        {summary}
      </p>
      {rows.length > 0 && (
        <ul className="mt-3 grid grid-cols-1 gap-1">
          {rows.map((p) => (
            <li key={p.id}>
              {failed ? (
                <Link to={`/providers/${p.slug || p.id}`} className={rowClasses}>
                  <ProviderRowContent point={p} />
                </Link>
              ) : (
                <button type="button" aria-pressed={selectedId === p.id} className={rowClasses} onClick={() => onOpen(p)}>
                  <ProviderRowContent point={p} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
