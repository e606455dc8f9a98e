import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { COUNTRYWIDE_PROVIDER_COLOUR, LOCAL_PROVIDER_COLOUR, MAP_TEXT as T, PROVIDERS_IN_VIEW_LIST_MAX } from '@solar/shared/constants/maps';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { hasServiceArea } from '@solar/shared/domain/service-area';
import type { View } from './provider-map-layers';

/** The keyboard list beside the map: the providers in view, each opening its card (decision 0272). */
export function ProvidersInView({
  view,
  inView,
  selectedId,
  onOpen,
}: {
  view: View | null;
  inView: readonly ProviderPoint[];
  selectedId?: string;
  onOpen(point: ProviderPoint): void;
}) {
  return (
    <section
      aria-labelledby="providers-in-view"
      className="rounded-lg border border-border p-4 lg:max-h-[640px] lg:overflow-y-auto"
    >
      <h2 id="providers-in-view" className="text-base font-semibold">
        {T.providersInView}
      </h2>
      <p className="mt-1 text-xs text-slate-600" aria-live="polite">
        {view
          ? `${inView.length.toLocaleString('en-GB')} in view${inView.length > PROVIDERS_IN_VIEW_LIST_MAX ? `; the first ${PROVIDERS_IN_VIEW_LIST_MAX} are listed` : ''}. Choose one to open it on the map.`
          : 'Loading…'}
      </p>
      {inView.length > 0 && (
        <ul className="mt-3 grid grid-cols-1 gap-1">
          {inView.slice(0, PROVIDERS_IN_VIEW_LIST_MAX).map((p) => (
            <li key={p.id}>
              <button
                type="button"
                aria-pressed={selectedId === p.id}
                className="flex w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-muted aria-pressed:bg-primary/10"
                onClick={() => onOpen(p)}
              >
                <span
                  aria-hidden
                  className="inline-block h-2.5 w-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: p.countrywide ? COUNTRYWIDE_PROVIDER_COLOUR : LOCAL_PROVIDER_COLOUR }}
                />
                <span className="min-w-0 flex-1 truncate font-medium">{p.businessName || M.unclaimedName}</span>
                <span className="shrink-0 text-xs text-slate-600">
                  {p.countrywide ? 'Countrywide' : hasServiceArea(p.radius) ? `${p.radius} km` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
