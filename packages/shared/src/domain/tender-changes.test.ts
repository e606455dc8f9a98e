import { describe, expect, it } from 'vitest';
import { changeLines } from './tender-changes';

describe('a tender change as the History shows it (issue 27 defect 11)', () => {
  it('shows two long descriptions that start alike from where they differ, not as two identical prefixes', () => {
    const common = 'Thermographic survey of the whole 12 MW site, every string and combiner box, with a report per inverter. '.repeat(2);
    const [line] = changeLines({ kind: 'edited', changes: { description: { from: `${common}Access by the north gate.`, to: `${common}Access by the south gate only.` } } });
    const [from, to] = line!.replace(/^Description: /, '').split(' → ');
    expect(from).not.toBe(to);
    expect(from).toContain('north gate');
    expect(to).toContain('south gate only');
  });

  it('keeps short changes as they are', () => {
    expect(changeLines({ kind: 'edited', changes: { title: { from: 'Survey', to: 'Survey 12 MW' } } })).toEqual(['Title: Survey → Survey 12 MW']);
  });
});
