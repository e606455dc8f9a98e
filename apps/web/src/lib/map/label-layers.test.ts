import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { LABEL_OBSTACLES_LAYER, LabelObstacles } from './label-layers';

/** Just enough of a map for the obstacle layer: its source, its images, and whether it was removed. */
function setup() {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => {};
  });
  let removed = false;
  const written: unknown[] = [];
  const images = new Set<string>();
  const source = { setData: (data: unknown) => written.push(data) };
  const map = {
    addSource: () => {},
    addLayer: () => {},
    // A removed MapLibre map has no style: reading a source from it throws.
    getSource: (id: string) => {
      if (removed) throw new TypeError("Cannot read properties of undefined (reading 'getSource')");
      return id === LABEL_OBSTACLES_LAYER ? source : undefined;
    },
    hasImage: (id: string) => images.has(id),
    addImage: (id: string) => images.add(id),
  } as unknown as MapLibreMap;
  const runFrames = () => frames.splice(0).forEach((cb) => cb(0));
  return { map, written, images, runFrames, remove: () => (removed = true) };
}
const box = { lngLat: [-1, 52] as [number, number], width: 30.4, height: 20, anchor: 'center' as const };

afterEach(() => vi.unstubAllGlobals());

describe('LabelObstacles (decision 0355)', () => {
  it('writes every registered box once a frame, as an invisible icon of its size', () => {
    const s = setup();
    const obstacles = new LabelObstacles(s.map);
    const a = obstacles.add(box);
    obstacles.add({ ...box, lngLat: [0, 51] });
    a.update({ ...box, width: 44 });
    s.runFrames();
    expect(s.written).toHaveLength(1);
    const features = (s.written[0] as { features: Array<{ properties: { image: string } }> }).features;
    expect(features.map((f) => f.properties.image)).toEqual(['label-obstacle-44x20', 'label-obstacle-30x20']);
    expect([...s.images].sort()).toEqual(['label-obstacle-30x20', 'label-obstacle-44x20']);
  });

  it('markers unmounting after the map is removed schedule nothing, so nothing reads the removed map', () => {
    const s = setup();
    const obstacles = new LabelObstacles(s.map);
    const marker = obstacles.add(box);
    s.runFrames();
    // React cleans up the map (the parent) before its markers: the map is gone when they remove their boxes.
    obstacles.destroy();
    s.remove();
    marker.remove();
    expect(() => s.runFrames()).not.toThrow();
    expect(s.written).toHaveLength(1);
  });
});
