import { describe, expect, it } from 'vitest';
import { outlineKm, outlinePoint, UK_OUTLINE, UK_OUTLINE_WIDTH } from './uk-outline';

describe('the UK outline projection (decision 0373)', () => {
  it('maps the corners of the box to the corners of the image', () => {
    expect(outlinePoint([UK_OUTLINE.west, UK_OUTLINE.north])).toEqual([0, 0]);
    const [x, y] = outlinePoint([UK_OUTLINE.east, UK_OUTLINE.south]);
    expect(Math.round(x)).toBe(UK_OUTLINE_WIDTH);
    expect(Math.round(y)).toBe(UK_OUTLINE.height);
  });

  it('places London south-east of Leeds, and a 111 km radius spans about one degree of latitude', () => {
    const leeds = outlinePoint([-1.55, 53.8]);
    const london = outlinePoint([-0.13, 51.51]);
    expect(london[0]).toBeGreaterThan(leeds[0]);
    expect(london[1]).toBeGreaterThan(leeds[1]);
    const oneDegree = outlinePoint([0, 53])[1] - outlinePoint([0, 54])[1];
    expect(outlineKm(111.32)).toBeCloseTo(oneDegree, 6);
  });
});
