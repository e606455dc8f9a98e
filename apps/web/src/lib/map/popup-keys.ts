import type { Map as MapLibreMap, Popup } from 'maplibre-gl';

/**
 * Escape closes a map popup (issue 19) when focus is in the map or in the popup, and focus goes
 * back to what opened it (a marker, a row of the list beside the map), else to the map. Call it
 * before the popup opens (it takes focus). Returns the clean-up.
 */
export function closeOnEscape(map: MapLibreMap, popup: Popup): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !(event.target instanceof Node) || !map.getContainer().contains(event.target)) return;
    event.preventDefault();
    popup.remove();
    const back = opener?.isConnected && opener !== document.body ? opener : map.getCanvas();
    back.focus();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
