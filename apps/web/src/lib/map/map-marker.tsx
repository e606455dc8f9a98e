import { useEffect, useMemo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from './map-context';

export interface MapMarkerProps {
  lngLat: [lng: number, lat: number];
  children: ReactNode;
  anchor?: 'center' | 'top' | 'bottom' | 'left' | 'right';
  className?: string;
  /** Place labels keep clear of this marker's box (clusters, pins, name tags; decision 0355). */
  obstacle?: boolean;
}

/** An HTML marker whose content is React (labels, pins, donuts): MapLibre positions the element. */
export function MapMarker({ lngLat, children, anchor = 'center', className, obstacle = false }: MapMarkerProps) {
  const { map, maplibre, obstacles } = useMap();
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
  useEffect(() => {
    if (!obstacle) return;
    const box = () => ({ lngLat: [lng, lat] as [number, number], width: element.offsetWidth, height: element.offsetHeight, anchor });
    const registered = obstacles.add(box());
    // The box is known once the content has rendered, and changes with it (a name tag, a count).
    const observer = new ResizeObserver(() => registered.update(box()));
    observer.observe(element);
    return () => {
      observer.disconnect();
      registered.remove();
    };
  }, [obstacles, obstacle, element, anchor, lng, lat]);
  return createPortal(children, element);
}
