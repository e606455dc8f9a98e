import { useEffect, useMemo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from './map-context';

export interface MapMarkerProps {
  lngLat: [lng: number, lat: number];
  children: ReactNode;
  anchor?: 'center' | 'top' | 'bottom' | 'left' | 'right';
  className?: string;
}

/** An HTML marker whose content is React (labels, pins, donuts): MapLibre positions the element. */
export function MapMarker({ lngLat, children, anchor = 'center', className }: MapMarkerProps) {
  const { map, maplibre } = useMap();
  const element = useMemo(() => {
    const el = document.createElement('div');
    if (className) el.className = className;
    return el;
  }, [className]);
  const [lng, lat] = lngLat;
  useEffect(() => {
    const marker = new maplibre.Marker({ element, anchor }).setLngLat([lng, lat]).addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, maplibre, element, anchor, lng, lat]);
  return createPortal(children, element);
}
