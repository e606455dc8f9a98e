export { MapView, type MapViewProps } from './map-view';
export { MapMarker, type MapMarkerProps } from './map-marker';
export { useMap, type MapContextValue } from './map-context';
export { MAP_MESSAGES, DEFAULT_MAP_STYLE_URL } from './map-messages';
