import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionDrift } from '../../../scripts/decision-status.mjs';

/** Decision records read alone (decision 0508): each record's Status line is its index row's. */
describe('decision records', () => {
  it('say in their Status line what the index says, and every record is in the index (run `npm run decisions`)', () => {
    const { stale, unindexed, noStatus } = decisionDrift();
    expect(stale.map((s) => s.file)).toEqual([]);
    expect(unindexed).toEqual([]);
    expect(noStatus).toEqual([]);
  });

  it('finds a record added later whose status line differs from its row, and one with no row', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'decisions-'));
    writeFileSync(
      path.join(dir, 'README.md'),
      '| Record | Title | Status |\n|---|---|---|\n| [0450](0450-later.md) | Later | accepted; superseded by [0460](0460-newer.md) |\n',
    );
    writeFileSync(path.join(dir, '0450-later.md'), '# 0450 Later\n\nStatus: accepted\nDate: 2026-11-27\n');
    writeFileSync(path.join(dir, '0451-unlisted.md'), '# 0451 Unlisted\n\nStatus: accepted\n');
    const drift = decisionDrift(dir);
    expect(drift.stale).toEqual([{ file: '0450-later.md', text: '# 0450 Later\n\nStatus: accepted; superseded by [0460](0460-newer.md)\nDate: 2026-11-27\n' }]);
    expect(drift.unindexed).toEqual(['0451-unlisted.md']);
  });
});
