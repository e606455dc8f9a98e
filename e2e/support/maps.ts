import { expect, type Page } from '@playwright/test';

/** The map instance MapView leaves on its region element for journeys (apps/web/src/lib/map/README.md). */
interface MapHandle {
  getZoom(): number;
  getCenter(): { lng: number; lat: number };
  getBounds(): { getWest(): number; getSouth(): number; getEast(): number; getNorth(): number };
  project(lngLat: [number, number]): { x: number; y: number };
  jumpTo(options: { center?: [number, number]; zoom?: number }): void;
  getLayer(id: string): unknown;
  getPaintProperty(layer: string, name: string): unknown;
  isMoving(): boolean;
  loaded(): boolean;
  querySourceFeatures(source: string): Array<{ properties: Record<string, unknown> }>;
  queryRenderedFeatures(
    geometryOrOptions?: [[number, number], [number, number]] | { layers: string[] },
    options?: { layers: string[] },
  ): Array<{ properties: Record<string, unknown> }>;
}
declare global {
  interface Element {
    maplibreMap?: MapHandle;
  }
}

/** Waits until the named map has loaded (its loading overlay gone). */
export async function mapLoaded(page: Page, label: string | RegExp) {
  await expect(page.getByRole('region', { name: label })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading map...')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => page.getByRole('region', { name: label }).evaluate((el) => Boolean(el.maplibreMap?.loaded())), { timeout: 20_000 }).toBe(true);
}

/** The named map's region; `.evaluate((el) => el.maplibreMap!…)` reaches the map itself. */
export const mapRegion = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

/** Moves the named map and waits until it has stopped and drawn. */
export async function jumpMap(page: Page, label: string, center: [number, number], zoom: number) {
  await mapRegion(page, label).evaluate((el, a) => el.maplibreMap!.jumpTo(a), { center, zoom });
  await expect.poll(() => mapRegion(page, label).evaluate((el) => !el.maplibreMap!.isMoving() && el.maplibreMap!.loaded()), { timeout: 10_000 }).toBe(true);
}

/** The place names MapLibre has placed (drawn, not hidden by a collision). */
export function placedLabels(page: Page, label: string): Promise<string[]> {
  return mapRegion(page, label).evaluate((el) => el.maplibreMap!.queryRenderedFeatures({ layers: ['place-labels'] }).map((f) => String(f.properties.name)));
}
