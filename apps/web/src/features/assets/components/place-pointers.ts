/** Where pointers to places outside the view sit on its edge (the asset detail map; decision 0358). */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
export interface PointerInput {
  /** The place projected on the screen (outside `box` when it is out of view). */
  x: number;
  y: number;
  /** The pointer's width; all are `height` tall. */
  width: number;
}
export interface PointerPlacement {
  left: number;
  top: number;
  /** Degrees clockwise from up, for the arrow. */
  angle: number;
}

const GAP = 4;
const overlaps = (a: Box, b: Box) => a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;
const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));

/**
 * For each place, null when it is inside `box` (the basemap names it), else a pointer on the box's
 * edge where the line from `from` (the view's centre) to the place crosses it, kept inside the box
 * and moved along its edge, away from the pointers placed before it and the boxes to `avoid` (the
 * site's marker), so none sits on another; where an edge is full, a row further in.
 */
export function placePointers(
  places: readonly PointerInput[],
  box: Box,
  from: { x: number; y: number },
  { height = 22, avoid = [] }: { height?: number; avoid?: readonly Box[] } = {},
): Array<PointerPlacement | null> {
  const taken: Box[] = [...avoid];
  return places.map(({ x, y, width }) => {
    if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return null;
    const dx = x - from.x;
    const dy = y - from.y;
    const tx = dx > 0 ? (box.right - from.x) / dx : dx < 0 ? (box.left - from.x) / dx : Infinity;
    const ty = dy > 0 ? (box.bottom - from.y) / dy : dy < 0 ? (box.top - from.y) / dy : Infinity;
    const onSide = tx < ty;
    const t = Math.min(tx, ty);
    const ex = from.x + dx * t;
    const ey = from.y + dy * t;
    const maxLeft = Math.max(box.left, box.right - width);
    const maxTop = Math.max(box.top, box.bottom - height);
    let left = clamp(onSide ? (dx < 0 ? box.left : box.right - width) : ex - width / 2, box.left, maxLeft);
    let top = clamp(onSide ? ey - height / 2 : dy < 0 ? box.top : box.bottom - height, box.top, maxTop);
    const rect = () => ({ left, top, right: left + width, bottom: top + height });
    const clash = () => taken.find((b) => overlaps(b, rect()));
    // Move along the edge past each pointer in the way: towards the edge's middle, then the other
    // way; where the edge is full, try again a row further in.
    const start = { left, top };
    const middle = onSide ? (top + height / 2 < (box.top + box.bottom) / 2 ? 1 : -1) : left + width / 2 < (box.left + box.right) / 2 ? 1 : -1;
    const inward = onSide ? (dx < 0 ? 1 : -1) : dy < 0 ? 1 : -1;
    rows: for (let row = 0; row < 3; row++) {
      for (const sign of [middle, -middle]) {
        left = onSide ? clamp(start.left + inward * row * (width + GAP), box.left, maxLeft) : start.left;
        top = onSide ? start.top : clamp(start.top + inward * row * (height + GAP), box.top, maxTop);
        for (let hit = clash(), tries = 0; hit && tries <= taken.length; hit = clash(), tries++) {
          if (onSide) top = clamp(sign > 0 ? hit.bottom + GAP : hit.top - height - GAP, box.top, maxTop);
          else left = clamp(sign > 0 ? hit.right + GAP : hit.left - width - GAP, box.left, maxLeft);
        }
        if (!clash()) break rows;
      }
    }
    taken.push(rect());
    return { left, top, angle: (Math.atan2(dy, dx) * 180) / Math.PI + 90 };
  });
}
