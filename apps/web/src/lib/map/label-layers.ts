import type { AddLayerObject, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';

/**
 * Place labels are a MapLibre symbol layer (decision 0355): MapLibre hides a label that would
 * collide with another, in `symbol-sort-key` order. HTML markers (clusters, pins) are not symbols,
 * so each one that labels must avoid is mirrored by an invisible icon of its size in the obstacle
 * layer, the topmost layer: it is placed first and labels give way to it.
 */
export const PLACE_LABELS_LAYER = 'place-labels';
export const LABEL_OBSTACLES_LAYER = 'label-obstacles';

/** Adds a feature's layer under the place labels (and the obstacles), so names stay readable on top. */
export function addLayerBelowLabels(map: MapLibreMap, layer: AddLayerObject): void {
  const before = [PLACE_LABELS_LAYER, LABEL_OBSTACLES_LAYER].find((id) => map.getLayer(id));
  map.addLayer(layer, before);
}

export type ObstacleAnchor = 'center' | 'top' | 'bottom' | 'left' | 'right';
export interface Obstacle {
  lngLat: [lng: number, lat: number];
  width: number;
  height: number;
  anchor: ObstacleAnchor;
}

/** The obstacle layer: markers register their position and box; the source is rewritten once a frame. */
export class LabelObstacles {
  private readonly items = new Map<number, Obstacle>();
  private nextId = 1;
  private frame = 0;
  private destroyed = false;

  constructor(private readonly map: MapLibreMap) {
    map.addSource(LABEL_OBSTACLES_LAYER, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: LABEL_OBSTACLES_LAYER,
      type: 'symbol',
      source: LABEL_OBSTACLES_LAYER,
      layout: {
        'icon-image': ['get', 'image'],
        'icon-anchor': ['get', 'anchor'],
        'icon-allow-overlap': true,
        'icon-ignore-placement': false,
      },
    });
  }

  /** Registers a box; the returned functions move it and remove it. */
  add(obstacle: Obstacle): { update(next: Obstacle): void; remove(): void } {
    const id = this.nextId++;
    this.items.set(id, obstacle);
    this.schedule();
    return {
      update: (next) => {
        this.items.set(id, next);
        this.schedule();
      },
      remove: () => {
        this.items.delete(id);
        this.schedule();
      },
    };
  }

  /** Called as the map is removed: markers unmounting after it schedule nothing more. */
  destroy(): void {
    this.destroyed = true;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private schedule() {
    if (!this.frame && !this.destroyed) this.frame = requestAnimationFrame(() => this.flush());
  }

  private flush() {
    this.frame = 0;
    const source = this.map.getSource(LABEL_OBSTACLES_LAYER) as GeoJSONSource | undefined;
    if (!source) return;
    const features = [...this.items.values()].map((o) => {
      const width = Math.max(1, Math.round(o.width));
      const height = Math.max(1, Math.round(o.height));
      const image = `label-obstacle-${width}x${height}`;
      if (!this.map.hasImage(image)) this.map.addImage(image, { width, height, data: new Uint8Array(width * height * 4) });
      return { type: 'Feature' as const, properties: { image, anchor: o.anchor }, geometry: { type: 'Point' as const, coordinates: o.lngLat } };
    });
    void source.setData({ type: 'FeatureCollection', features });
  }
}
