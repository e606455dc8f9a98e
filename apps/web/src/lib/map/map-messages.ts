import { getMapStyle } from '@solar/shared/contracts/routes';
import { api } from '../api-client';

/** Map states shown to users (docs/product/geo.md#maps). */
export const MAP_MESSAGES = {
  loading: 'Loading map...',
  failed: 'Failed to load map',
  styleError: (message: string) => `Error loading map style: ${message}`,
} as const;

/** The offline basemap served by the server; MAP_STYLE_URL on the server redirects it to a hosted style. */
export const DEFAULT_MAP_STYLE_URL = api.url(getMapStyle);
