import { COUNTRYWIDE_PROVIDER_COLOUR, LOCAL_PROVIDER_COLOUR, MAP_TEXT as T } from '@solar/shared/constants/maps';

/** Legend of the provider maps (docs/product/providers.md#profile-map): Local Provider (primary colour), Countrywide Provider (orange). */
export function ProviderLegend({ title, className }: { title?: string; className?: string }) {
  return (
    <div
      role="group"
      aria-label={title ?? 'Legend'}
      className={`rounded-md border border-border bg-white/95 p-2 text-xs shadow ${className ?? ''}`}
    >
      {title && <p className="mb-1 font-semibold">{title}</p>}
      <ul className="grid gap-1">
        <li className="flex items-center gap-2">
          <span
            aria-hidden
            className="inline-block h-3 w-3 rounded-full border border-white"
            style={{ backgroundColor: LOCAL_PROVIDER_COLOUR }}
          />
          {T.localProvider}
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden
            className="inline-block h-3 w-3 rounded-full border border-white"
            style={{ backgroundColor: COUNTRYWIDE_PROVIDER_COLOUR }}
          />
          {T.countrywideProvider}
        </li>
      </ul>
    </div>
  );
}
