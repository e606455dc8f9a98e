import { describe, expect, it } from 'vitest';
import { fileOffsetClock } from './clock';

describe('the journeys’ moved clock (decision 0550)', () => {
  it('is the real time moved by the milliseconds in the file, read at each reading', () => {
    let text = '0';
    const clock = fileOffsetClock('/clock', () => text);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    text = String(11 * 86_400_000);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(11 * 86_400_000 - 1000);
  });

  it('is the real time when the file is missing or holds no whole number', () => {
    for (const read of [() => 'soon', () => '1.5', () => { throw new Error('ENOENT'); }]) {
      expect(Math.abs(fileOffsetClock('/clock', read).now().getTime() - Date.now())).toBeLessThan(1000);
    }
  });
});
