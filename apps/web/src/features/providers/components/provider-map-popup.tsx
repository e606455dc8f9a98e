import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MapMouseEvent } from 'maplibre-gl';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { ProviderCard } from '../../../components/provider-card';
import { useMap } from '../../../lib/map';
import { useProvider } from '../api/get-provider';

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

/** The popup card of the chosen provider (docs/product/providers.md#directory-map); closing it clears the choice. */
export function ProviderPopup({
  point,
  onClose,
  currentUserId,
}: {
  point: ProviderPoint;
  onClose(): void;
  currentUserId?: string | null;
}) {
  const { map, maplibre } = useMap();
  const [element] = useState(() => document.createElement('div'));
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const popup = new maplibre.Popup({
      maxWidth: '300px',
      offset: 12,
      focusAfterOpen: true,
      closeOnClick: false,
      className: 'provider-map-popup',
    })
      .setLngLat(point.position)
      .setDOMContent(element)
      .addTo(map);
    const onPopupClose = () => close.current();
    popup.on('close', onPopupClose);
    // A click on the map closes the card, but not the marker click that opened it (markers sit inside the map).
    const onMapClick = (event: MapMouseEvent) => {
      const target = event.originalEvent.target;
      if (target instanceof Element && target.closest('.maplibregl-marker, .maplibregl-popup')) return;
      close.current();
    };
    map.on('click', onMapClick);
    return () => {
      map.off('click', onMapClick);
      popup.off('close', onPopupClose);
      popup.remove();
    };
  }, [map, maplibre, element, point]);
  return createPortal(<PopupCard point={point} currentUserId={currentUserId} />, element);
}
