import { describe, expect, it } from 'vitest';
import { placePointers, type Box } from './place-pointers';

const box: Box = { left: 10, top: 44, right: 552, bottom: 300 };
const from = { x: 281, y: 200 };
const inside = (b: Box, p: { left: number; top: number }, width: number, height = 22) =>
  p.left >= b.left && p.top >= b.top && p.left + width <= b.right && p.top + height <= b.bottom;

describe('pointers to places outside the asset detail map (decision 0358)', () => {
  it('gives none for a place in view, and puts one on the edge the place lies beyond', () => {
    const [inView, west, north] = placePointers(
      [
        { x: 300, y: 150, width: 100 },
        { x: -400, y: 200, width: 120 },
        { x: 281, y: -900, width: 120 },
      ],
      box,
      from,
    );
    expect(inView).toBeNull();
    expect(west).toMatchObject({ left: 10, top: 189 });
    expect(west!.angle).toBeCloseTo(270, 5);
    expect(north).toMatchObject({ top: 44, left: 281 - 60 });
    expect(north!.angle).toBeCloseTo(0, 5);
  });

  it('keeps a long pointer near a corner inside the box', () => {
    const [p] = placePointers([{ x: -500, y: 900, width: 160 }], box, from);
    expect(inside(box, p!, 160)).toBe(true);
  });

  it('moves pointers apart along the edge so none sits on another', () => {
    const inputs = [
      { x: 100, y: 900, width: 150 },
      { x: 110, y: 905, width: 130 },
      { x: 95, y: 890, width: 170 },
    ];
    const placed = placePointers(inputs, box, from).map((p, i) => ({ ...p!, right: p!.left + inputs[i]!.width, bottom: p!.top + 22 }));
    for (let i = 0; i < placed.length; i++) {
      expect(inside(box, placed[i]!, inputs[i]!.width)).toBe(true);
      for (let j = i + 1; j < placed.length; j++) {
        const [a, b] = [placed[i]!, placed[j]!];
        expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom, `${i} and ${j} overlap`).toBe(false);
      }
    }
  });

  it('keeps clear of the site marker, and uses a second row when an edge is full', () => {
    const narrow: Box = { left: 8, top: 44, right: 310, bottom: 220 };
    const centre = { x: 179, y: 132 };
    const marker: Box = { left: 167, top: 120, right: 191, bottom: 144 };
    const inputs = [
      { x: -300, y: 132, width: 200 },
      { x: 60, y: 900, width: 150 },
      { x: 180, y: 900, width: 110 },
      { x: 240, y: 900, width: 100 },
    ];
    const placed = placePointers(inputs, narrow, centre, { avoid: [marker] }).map((p, i) => ({ ...p!, right: p!.left + inputs[i]!.width, bottom: p!.top + 22 }));
    const all = [...placed, marker];
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) {
        const [a, b] = [all[i]!, all[j]!];
        expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom, `${i} and ${j} overlap`).toBe(false);
      }
    expect(new Set(placed.slice(1).map((p) => p.top)).size).toBeGreaterThan(1);
  });
});
