/**
 * The projection of the UK outline image (`GET /api/maps/outline.svg`): longitude scaled by the
 * cosine of the UK's middle latitude, so Britain keeps its shape. The server draws the outline
 * with it and the profile's map preview places the provider on it (decision 0373).
 */
export const UK_OUTLINE = { west: -8.7, east: 1.9, south: 49.8, north: 60.95, height: 1000 } as const;

const KX = Math.cos((55 * Math.PI) / 180);
const SCALE = UK_OUTLINE.height / (UK_OUTLINE.north - UK_OUTLINE.south);

/** Width of the image in its own units (its height is UK_OUTLINE.height). */
export const UK_OUTLINE_WIDTH = Math.round((UK_OUTLINE.east - UK_OUTLINE.west) * KX * SCALE);

/** A position [lng, lat] in image units [x, y] (y down). */
export function outlinePoint([lng, lat]: readonly [number, number]): [number, number] {
  return [(lng - UK_OUTLINE.west) * KX * SCALE, (UK_OUTLINE.north - lat) * SCALE];
}

/** A distance on the ground in image units (north–south scale; 1° of latitude ≈ 111.32 km). */
export const outlineKm = (km: number) => (km / 111.32) * SCALE;
