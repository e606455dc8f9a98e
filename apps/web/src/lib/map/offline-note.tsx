import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { IControl } from 'maplibre-gl';
import { MAP_TEXT, OFFLINE_NOTE_MIN_ZOOM } from '@solar/shared/constants/maps';
import { useMe } from '../session/get-me';
import { useMap } from './map-context';

/**
 * Says on the map, above the attribution, that the offline basemap has no streets (decision 0358),
 * from the zoom at which a street map would show them; an admin also reads how a hosted style is
 * switched on, which is an operator's setting, not a user's concern (decision 0501).
 */
export function OfflineNote() {
  const { map } = useMap();
  const { data: me } = useMe();
  const [element] = useState(() => {
    const el = document.createElement('div');
    el.className = 'maplibregl-ctrl clear-both max-w-[calc(100%-20px)] rounded bg-white/90 px-2 py-0.5 text-[11px] leading-4 text-slate-700';
    el.dataset.testid = 'offline-map-note';
    return el;
  });
  const [zoom, setZoom] = useState(() => map.getZoom());
  useEffect(() => {
    const control: IControl = { onAdd: () => element, onRemove: () => element.remove() };
    map.addControl(control, 'bottom-right');
    const onZoom = () => setZoom(map.getZoom());
    map.on('zoomend', onZoom);
    return () => {
      map.off('zoomend', onZoom);
      try {
        map.removeControl(control);
      } catch {
        // the map itself is already removed
      }
    };
  }, [map, element]);
  const shown = zoom >= OFFLINE_NOTE_MIN_ZOOM;
  useEffect(() => {
    element.hidden = !shown;
  }, [element, shown]);
  if (!shown) return null;
  return createPortal(
    <>
      <p>{MAP_TEXT.offlineBasemap}</p>
      {me?.is_admin && <p data-testid="offline-map-admin-hint">{MAP_TEXT.hostedStyleHint}</p>}
    </>,
    element,
  );
}
