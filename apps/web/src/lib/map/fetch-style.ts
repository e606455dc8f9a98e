import type { StyleSpecification } from 'maplibre-gl';

/**
 * Fetches a style and makes its relative source URLs absolute: MapLibre fetches GeoJSON inside a
 * worker, where a path like /api/maps/geo/uk.geojson has no base to resolve against.
 */
export async function fetchStyle(url: string): Promise<StyleSpecification> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText || 'request failed'}`.trim());
  let style: StyleSpecification;
  try {
    style = (await response.json()) as StyleSpecification;
  } catch {
    throw new Error('the style is not valid JSON');
  }
  const base = response.url || window.location.href;
  for (const source of Object.values(style.sources ?? {})) {
    const s = source as { data?: unknown; url?: string; tiles?: string[] };
    if (typeof s.data === 'string') s.data = new URL(s.data, base).href;
    if (typeof s.url === 'string') s.url = new URL(s.url, base).href;
    if (Array.isArray(s.tiles)) s.tiles = s.tiles.map((t) => (t.startsWith('{') ? t : new URL(t, base).href.replace(/%7B/g, '{').replace(/%7D/g, '}')));
  }
  for (const key of ['sprite', 'glyphs'] as const) {
    const v = style[key];
    if (typeof v === 'string' && !v.startsWith('{')) (style as unknown as Record<string, string>)[key] = new URL(v, base).href.replace(/%7B/g, '{').replace(/%7D/g, '}');
  }
  return style;
}
