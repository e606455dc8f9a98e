import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { MapMouseEvent } from 'maplibre-gl';
import { useMap } from './map-context';
import { closeOnEscape } from './popup-keys';

export interface MapPopupProps {
  lngLat: [lng: number, lat: number];
  /** Called when the popup closes: its close button, Escape, or a click elsewhere on the map. */
  onClose(): void;
  children: ReactNode;
  maxWidth?: string;
  offset?: number;
  className?: string;
}

/**
 * A MapLibre popup with React content. It takes focus when it opens; Escape closes it and gives
 * focus back to what opened it (issue 19); a click on the map closes it, but not a click on a
 * marker or inside a popup (the marker click that opened it, a choice inside it).
 */
export function MapPopup({ lngLat, onClose, children, maxWidth = '300px', offset = 12, className }: MapPopupProps) {
  const { map, maplibre } = useMap();
  const [element] = useState(() => document.createElement('div'));
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const [lng, lat] = lngLat;
  useEffect(() => {
    const popup = new maplibre.Popup({ maxWidth, offset, focusAfterOpen: true, closeOnClick: false, ...(className && { className }) });
    const stopEscape = closeOnEscape(map, popup);
    popup.setLngLat([lng, lat]).setDOMContent(element).addTo(map);
    const onPopupClose = () => close.current();
    popup.on('close', onPopupClose);
    const onMapClick = (event: MapMouseEvent) => {
      const target = event.originalEvent.target;
      if (target instanceof Element && target.closest('.maplibregl-marker, .maplibregl-popup')) return;
      close.current();
    };
    map.on('click', onMapClick);
    return () => {
      stopEscape();
      map.off('click', onMapClick);
      popup.off('close', onPopupClose);
      popup.remove();
    };
  }, [map, maplibre, element, lng, lat, maxWidth, offset, className]);
  return createPortal(children, element);
}
