import { describe, expect, it } from 'vitest';
import { inverterGrid, inverterPhase } from './parts-parse';

/** Phase and grid derived on import (decision 0362). */
describe('inverter phase and grid', () => {
  it.each([
    ['Sunny Tripower 10.0', null, 10_000, 'three'],
    ['Symo GEN24 10.0 Plus', null, 10_000, 'three'],
    ['Sunny Boy 5.0', null, 4_600, 'single'],
    ['SC 4000 UP-US 600V 3850A [600V]', 600, 3_650_134, 'three'],
    ['30C3 [480V]', 480, 29_990, 'three'],
    ['IQ7PLUS-72-2-US [240V]', 240, 290, 'single'],
    // A 208 V unit may be either: unknown, never guessed.
    ['MIN 11400TL-XH-US [208V]', 208, 10_000, null],
    ['Unnamed', null, 5_000, null],
  ] as const)('%s is %s', (model, volts, watts, phase) => {
    expect(inverterPhase(model, volts, watts)).toBe(phase);
  });

  it('tells US listings from UK-grid ones where the voltage or model says', () => {
    expect(inverterGrid('SE7600H-US [240V]', 240)).toBe('us');
    expect(inverterGrid('STP 24000TL-US-10 [480V]', 480)).toBe('us');
    expect(inverterGrid('X3-Hybrid [400V]', 400)).toBe('uk');
    expect(inverterGrid('Mystery', null)).toBeNull();
  });
});
