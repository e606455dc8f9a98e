import { outlinePoint, UK_OUTLINE, UK_OUTLINE_WIDTH } from '@solar/shared/domain/uk-outline';
import { basemapLayers } from './basemap';

type Ring = Array<[number, number]>;
type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };

/** Points closer than this to the line kept are dropped (image units: about a third of a pixel at 400 px high). */
const TOLERANCE = 1.5;
/** Islands smaller than this across are left out. */
const MIN_SIZE = 6;

/** Douglas–Peucker: the points of `points` that keep the line within TOLERANCE. */
function simplify(points: Array<[number, number]>): Array<[number, number]> {
  if (points.length < 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = points[first]!;
    const [bx, by] = points[last]!;
    const length = Math.hypot(bx - ax, by - ay) || 1;
    let worst = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const [px, py] = points[i]!;
      const distance = length === 1 && bx === ax && by === ay ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (distance > worst) [worst, index] = [distance, i];
    }
    if (worst > TOLERANCE && index > 0) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** A ring as SVG path data in whole image units, simplified; null for an island too small to see. */
function ringPath(ring: Ring): string | null {
  const projected = ring.map((position) => outlinePoint(position));
  const xs = projected.map((p) => p[0]);
  const ys = projected.map((p) => p[1]);
  if (Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) < MIN_SIZE) return null;
  const points = simplify(projected).map(([x, y]) => `${Math.round(x)} ${Math.round(y)}`);
  return points.length < 3 ? null : `M${points.join('L')}Z`;
}

function pathOf(geometry: Geometry): string {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons
    .flatMap((rings) => rings.map(ringPath))
    .filter(Boolean)
    .join('');
}

let outline: string | undefined;

/**
 * The UK as a small SVG image (land, nation borders, coast) from the bundled boundaries: the
 * static preview of a profile's map, shown until the visitor reaches the map card, so no map code
 * is in the profile's first load (decision 0373). Built once.
 */
export function ukOutlineSvg(): string {
  if (outline) return outline;
  const layer = (name: string) => (JSON.parse(basemapLayers()[`${name}.geojson`]!) as { features: Array<{ geometry: Geometry }> }).features;
  // The nations cover the UK: one path is the land, its coast and the borders between nations.
  const nations = layer('nations').map((f) => pathOf(f.geometry)).join('');
  outline = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${UK_OUTLINE_WIDTH} ${UK_OUTLINE.height}" width="${UK_OUTLINE_WIDTH}" height="${UK_OUTLINE.height}">`,
    `<path d="${nations}" fill="#e7efdb" stroke="#64748b" stroke-width="2" stroke-linejoin="round"/>`,
    '</svg>',
  ].join('');
  return outline;
}
