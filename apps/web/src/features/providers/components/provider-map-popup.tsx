import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { MAP_TEXT as T } from '@solar/shared/constants/maps';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { ProviderCard } from '../../../components/provider-card';
import { MapPopup } from '../../../lib/map';
import { useProvider } from '../api/get-provider';
import { ProviderRowContent } from './providers-in-view';

/** What the directory map's popup shows: one provider's card, or the providers sharing a position. */
export type PopupContent = { kind: 'card'; point: ProviderPoint } | { kind: 'group'; position: [number, number]; points: ProviderPoint[] };

/** The directory's card for a point, loaded when its popup opens. */
function PopupCard({ point, currentUserId }: { point: ProviderPoint; currentUserId?: string | null }) {
  const query = useProvider(point.slug || point.id);
  if (query.isPending) {
    return (
      <p role="status" className="w-64 p-2 text-sm">
        {point.businessName || M.unclaimedName}… loading
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="w-64 p-2 text-sm text-destructive">
        {(query.error as Error | null)?.message || M.fetchProviderFailed}
      </p>
    );
  }
  return (
    <div className="w-[17rem] max-w-full text-left">
      <ProviderCard provider={query.data} currentUserId={currentUserId} />
    </div>
  );
}

/** Providers at one position (decision 0356): each row opens that provider's card. */
export function ProviderGroupList({ points, onOpen }: { points: readonly ProviderPoint[]; onOpen(point: ProviderPoint): void }) {
  return (
    <div className="w-64 max-w-full text-left">
      <h3 className="px-2 pt-1 text-sm font-semibold">{T.providersAtPoint(points.length)}</h3>
      <ul className="mt-1 grid max-h-64 gap-0.5 overflow-y-auto">
        {points.map((p) => (
          <li key={p.id}>
            <button type="button" className="flex w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-muted focus-visible:outline-offset-[-2px]" onClick={() => onOpen(p)}>
              <ProviderRowContent point={p} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The popup of the directory map (docs/product/providers.md#directory-map); closing it clears the choice. */
export function ProviderPopup({
  content,
  onClose,
  onOpen,
  currentUserId,
}: {
  content: PopupContent;
  onClose(): void;
  onOpen(point: ProviderPoint): void;
  currentUserId?: string | null;
}) {
  return (
    <MapPopup lngLat={content.kind === 'card' ? content.point.position : content.position} onClose={onClose} className="provider-map-popup">
      {content.kind === 'card' ? <PopupCard point={content.point} currentUserId={currentUserId} /> : <ProviderGroupList points={content.points} onOpen={onOpen} />}
    </MapPopup>
  );
}
