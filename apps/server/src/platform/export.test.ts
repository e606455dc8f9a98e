import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { csvCell, exportChunks, formulaSafe, jsonValue, type ExportColumn } from './export';

/** The export writer (decision 0491): cells, formula safety, the cap and the memory bound. */

/** V8's full collection, for the memory bound below (`--expose-gc` set at run time; a new context sees `gc`). */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+SUM(A1:A9)', `"'+SUM(A1:A9)"`],
    ['-2+3+cmd|\' /C calc\'!A0', `"'-2+3+cmd|' /C calc'!A0"`],
    ['@SUM(1,1)', `"'@SUM(1,1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['  =1+1', `"'  =1+1"`],
    ['\uff1d1+1', `"'\uff1d1+1"`],
    ['Solar, "North" field', `"Solar, ""North"" field"`],
    ['Line one\nline two', `"Line one\nline two"`],
    ['An ordinary name', '"An ordinary name"'],
    ['50% = more', '"50% = more"'],
  ])('text %j is quoted and made inert', (text, cell) => {
    expect(csvCell('text', text)).toBe(cell);
  });

  it('numbers stay numbers (negative ones too), never quoted or prefixed', () => {
    expect(csvCell('number', 12.5)).toBe('12.5');
    expect(csvCell('number', -2.53411)).toBe('-2.53411');
    expect(csvCell('integer', 0)).toBe('0');
    expect(csvCell('number', null)).toBe('');
    expect(csvCell('number', Number.NaN)).toBe('');
  });

  it('dates are dd/MM/yyyy, times dd/MM/yyyy HH:mm in UK time, booleans TRUE/FALSE, lists joined and made inert', () => {
    expect(csvCell('date', '2025-01-14')).toBe('14/01/2025');
    expect(csvCell('timestamp', '2026-07-01T11:30:00.000Z')).toBe('01/07/2026 12:30');
    expect(csvCell('timestamp', '2026-01-01T11:30:00.000Z')).toBe('01/01/2026 11:30');
    expect(csvCell('date', null)).toBe('');
    expect(csvCell('boolean', true)).toBe('TRUE');
    expect(csvCell('list', ['=cmd', 'Solar PV'])).toBe(`"'=cmd; Solar PV"`);
  });

  it('JSON keeps text as written, numbers as numbers and dates as ISO 8601', () => {
    expect(jsonValue('text', '=HYPERLINK("x")')).toBe('=HYPERLINK("x")');
    expect(jsonValue('number', 12.5)).toBe(12.5);
    expect(jsonValue('date', '2025-01-14')).toBe('2025-01-14');
    expect(jsonValue('timestamp', '2026-07-01T11:30:00Z')).toBe('2026-07-01T11:30:00.000Z');
    expect(jsonValue('list', ['a'])).toEqual(['a']);
    expect(formulaSafe('plain')).toBe('plain');
  });
});

interface Row {
  n: number;
  name: string;
  day: string;
}
const COLUMNS: ExportColumn<Row>[] = [
  { key: 'n', label: 'Number', kind: 'integer', value: (r) => r.n },
  { key: 'name', label: 'Name', kind: 'text', value: (r) => r.name },
  { key: 'day', label: 'Day', kind: 'date', value: (r) => r.day },
];

async function* numbered(count: number, size: number, pulled: { batches: number }) {
  for (let start = 0; start < count; start += size) {
    pulled.batches++;
    yield Array.from({ length: Math.min(size, count - start) }, (_, i) => ({ n: start + i, name: `Site ${start + i}`, day: '2025-01-14' }));
  }
}

const collect = async (chunks: AsyncIterable<string>) => {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
};

describe('the export stream', () => {
  it('CSV: a BOM, the headings, one CRLF line a row, and no more rows than the cap', async () => {
    const text = await collect(exportChunks({ format: 'csv', columns: COLUMNS, total: 25, limit: 7, batches: () => numbered(25, 3, { batches: 0 }) }));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Number","Name","Day"');
    expect(lines[1]).toBe('0,"Site 0",14/01/2025');
    expect(lines.slice(1, -1)).toHaveLength(7);
    expect(lines.at(-1)).toBe('');
  });

  it('JSON: every row an object, and the cap said in the document', async () => {
    const capped = JSON.parse(await collect(exportChunks({ format: 'json', columns: COLUMNS, total: 25, limit: 7, batches: () => numbered(25, 3, { batches: 0 }) })));
    expect(capped.data).toHaveLength(7);
    expect(capped.data[0]).toEqual({ n: 0, name: 'Site 0', day: '2025-01-14' });
    expect(capped).toMatchObject({ rows: 7, total: 25, truncated: true, notice: 'This export holds the first 7 of 25 rows. Narrow the filters to export the rest.' });
    const whole = JSON.parse(await collect(exportChunks({ format: 'json', columns: COLUMNS, total: 4, limit: 7, batches: () => numbered(4, 3, { batches: 0 }) })));
    expect(whole).toEqual({ data: expect.any(Array), rows: 4, total: 4, truncated: false });
    const empty = JSON.parse(await collect(exportChunks({ format: 'json', columns: COLUMNS, total: 0, limit: 7, batches: () => numbered(0, 3, { batches: 0 }) })));
    expect(empty).toEqual({ data: [], rows: 0, total: 0, truncated: false });
  });

  it('stops reading the source at the cap', async () => {
    const pulled = { batches: 0 };
    await collect(exportChunks({ format: 'csv', columns: COLUMNS, total: 1_000, limit: 10, batches: () => numbered(1_000, 5, pulled) }));
    expect(pulled.batches).toBe(2);
  });

  it(
    'sends 1,000,000 rows to a slow reader in flat memory: the source is read only as the reader takes the rows',
    async () => {
      const pulled = { batches: 0 };
      const source = Readable.from(
        exportChunks({ format: 'csv', columns: COLUMNS, total: 1_000_000, limit: 1_000_000, batches: () => numbered(1_000_000, 1_000, pulled) }),
        { objectMode: false, highWaterMark: 64 * 1024 },
      );
      // What the process holds, counted after a full collection: the garbage a busy machine's collector has
      // not reached yet is not held (uncounted, it made this check fail under load in CI).
      const held = () => {
        collectGarbage();
        const { heapUsed, arrayBuffers } = process.memoryUsage();
        return heapUsed + arrayBuffers;
      };
      const before = held();
      let peak = before;
      let bytes = 0;
      let received = 0;
      let aheadMax = 0;
      const reader = new Writable({
        highWaterMark: 64 * 1024,
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          received += chunk.toString('utf8').split('\r\n').length - 1;
          // How many batches the source had been asked for beyond what this reader has taken.
          aheadMax = Math.max(aheadMax, pulled.batches - Math.floor(received / 1_000));
          // A reader slower than the source: every hundredth chunk waits for the next turn of the loop.
          if (received % 100_000 < 1_000) {
            peak = Math.max(peak, held());
            setImmediate(done);
          }
          else done();
        },
      });
      await pipeline(source, reader);
      expect(received).toBe(1_000_001);
      expect(bytes).toBeGreaterThan(30_000_000);
      // Never more than a few batches ahead of the reader (the two streams' 64 KB buffers and the one being
      // made), whatever the total.
      expect(aheadMax).toBeLessThanOrEqual(8);
      // ~33 MB went out; the process never held more than a small part of it (heap and buffers).
      expect((peak - before) / 1024 / 1024).toBeLessThan(16);
    },
    120_000,
  );
});
