import proj4 from 'proj4';

/** Earth radius for distances (docs/product/geo.md#distance). */
export const EARTH_RADIUS_KM = 6371;

export type LngLat = [lng: number, lat: number];

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km by the haversine formula (R = 6371 km). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const;

/** The initial bearing from one point to another in degrees, 0 = north, clockwise, 0..360. */
export function bearingDegrees(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const φ1 = toRad(from.lat);
  const φ2 = toRad(to.lat);
  const Δλ = toRad(to.lng - from.lng);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Which of the eight compass points a place lies towards ('north-east'), for "2.3 km north-east". */
export function compassPoint(from: { lat: number; lng: number }, to: { lat: number; lng: number }): (typeof COMPASS)[number] {
  return COMPASS[Math.round(bearingDegrees(from, to) / 45) % 8]!;
}

/**
 * Coordinates may arrive as text (docs/product/geo.md#coordinates): every character except digits, dot and minus is
 * stripped, then the rest is parsed; anything not a finite number gives null.
 */
export function parseCoordinate(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[^0-9.-]/g, '');
  if (!/^-?\d+(\.\d+)?$|^-?\.\d+$|^-?\d+\.$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** The derived coordinates pair of a provider, or null when either part is invalid or out of range. */
export function coordinatesOf(latitude: unknown, longitude: unknown): { lat: number; lng: number } | null {
  const lat = parseCoordinate(latitude);
  const lng = parseCoordinate(longitude);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** OSGB36 British National Grid (EPSG:27700) with the 7-parameter Helmert shift (data/repd/SOURCE.md). */
export const BNG_PROJ4 =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';

const bng = proj4(BNG_PROJ4, 'WGS84');

/** British National Grid easting/northing → WGS84 [lng, lat]; null for values off the grid. */
export function bngToWgs84(easting: number, northing: number): LngLat | null {
  if (!Number.isFinite(easting) || !Number.isFinite(northing)) return null;
  if (easting < -100_000 || easting > 800_000 || northing < -100_000 || northing > 1_300_000) return null;
  const [lng, lat] = bng.forward([easting, northing]) as [number, number];
  return [Math.round(lng * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6];
}
