export { MapView, type MapViewProps, type MapStatus } from './map-view';
export { MapMarker, type MapMarkerProps } from './map-marker';
export { useMap, type MapContextValue } from './map-context';
export { MAP_MESSAGES, DEFAULT_MAP_STYLE_URL } from './map-messages';
export { addLayerBelowLabels, PLACE_LABELS_LAYER } from './label-layers';
export { closeOnEscape } from './popup-keys';
export { MapPopup, type MapPopupProps } from './map-popup';
