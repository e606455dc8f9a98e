/**
 * Grid clustering on the server (decisions 0194, 0387): the asset map and the directory map group
 * the matches of a view into square cells of about 40 px at the zoom, so an answer stays bounded
 * whatever the number of rows.
 */

export type Bounds = [west: number, south: number, east: number, north: number];

/** Pixels a cell spans at its zoom (the spec's cluster radius, docs/product/providers.md#directory-map). */
const CELL_PX = 40;

/** Cell edge in degrees: about 40 px at `zoom`, widened so `bounds` never holds more than `maxCells` cells. */
export function gridCellDegrees(zoom: number, bounds: Bounds, maxCells: number): number {
  const [west, south, east, north] = bounds;
  const byZoom = 360 / (2 ** zoom * (256 / CELL_PX));
  const byBounds = Math.sqrt(((east - west) * (north - south)) / maxCells);
  return Math.max(byZoom, byBounds, 1e-6);
}

/** The cell edge in degrees at a whole zoom level: each level halves the one above, so cells nest. */
export const levelCellDegrees = (level: number): number => 360 / (2 ** level * (256 / CELL_PX));

/**
 * The whole zoom level whose cells cluster a view (decision 0388): the zoom's own, or a coarser one
 * so that `bounds` never holds more than `maxCells` cells. Cells of whole levels can be counted ahead.
 */
export function gridLevel(zoom: number, bounds: Bounds, maxCells: number): number {
  const [west, south, east, north] = bounds;
  const byBounds = Math.sqrt(((east - west) * (north - south)) / maxCells);
  let level = Math.max(0, Math.floor(zoom));
  while (level > 0 && levelCellDegrees(level) < byBounds) level--;
  return level;
}

/**
 * A view's bounds widened to the next multiples of four cells at a whole zoom, within the world:
 * a small pan asks the same bounds again (one cached answer) and the clusters just outside the
 * view are there when it moves.
 */
export function snapViewBounds(bounds: Bounds, zoom: number): Bounds {
  const step = 4 * (360 / (2 ** Math.floor(zoom) * (256 / CELL_PX)));
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const [w, s, e, n] = bounds;
  return [
    round(Math.max(-180, down(w))),
    round(Math.max(-90, down(s))),
    round(Math.min(180, up(e))),
    round(Math.min(90, up(n))),
  ];
}
