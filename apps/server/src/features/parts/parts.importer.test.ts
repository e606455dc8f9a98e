import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/harness';
import { importPartsCatalogue } from './parts.importer';
import { parseInverters, parseModules, partId, usDate } from './parts-parse';

const MODULE_HEADER = [
  'Name,Manufacturer,Technology,Bifacial,STC,PTC,A_c,Length,Width,N_s,I_sc_ref,V_oc_ref,I_mp_ref,V_mp_ref,alpha_sc,beta_oc,T_NOCT,a_ref,I_L_ref,I_o_ref,R_s,R_sh_ref,Adjust,gamma_r,BIPV,Version,Date',
  'Units,,,,,,m2,m,m,,A,V,A,V,A/K,V/K,C,V,A,A,Ohm,Ohm,%,%/K,,,',
  '[0],lib_manufacturer,cec_material,lib_is_bifacial,,,cec_area,,,cec_n_s,cec_i_sc_ref,cec_v_oc_ref,cec_i_mp_ref,cec_v_mp_ref,cec_alpha_sc,cec_beta_oc,cec_t_noct,cec_a_ref,cec_i_l_ref,cec_i_o_ref,cec_r_s,cec_r_sh_ref,cec_adjust,cec_gamma_r,,,',
].join('\n');
const moduleRow = (name: string, manufacturer: string, stc: string, date = '12/1/2021') =>
  `${name},${manufacturer},Mono-c-Si,1,${stc},370,1.94,1.722,1.134,108,13.8,37.1,13.1,30.6,0.005,-0.1,45,1.5,13.8,1e-10,0.2,300,5,-0.35,N,SAM 2021.12.02,${date}`;

describe('catalogue parsing', () => {
  it('reads the three SAM header lines, computes efficiency and normalises the brand', () => {
    const text = `${MODULE_HEADER}\n${moduleRow('Jinko Solar Co._ Ltd JKM400M-54HL4-V', 'Jinko Solar Co._ Ltd', '400.2')}\n`;
    const { records, rejections, read } = parseModules('m.csv', text);
    expect(read).toBe(1);
    expect(rejections).toEqual([]);
    expect(records[0]).toMatchObject({
      kind: 'module',
      manufacturer: 'Jinko Solar',
      manufacturerRaw: 'Jinko Solar Co._ Ltd',
      model: 'JKM400M-54HL4-V',
      powerW: 400.2,
      efficiencyPct: 20.63,
      bifacial: true,
      bipv: false,
      cells: 108,
      listedOn: '2021-12-01',
    });
  });

  it('rejects rows with reasons: no power, no name, duplicates', () => {
    const text = [
      MODULE_HEADER,
      moduleRow('A 1', 'A', 'abc'),
      moduleRow('', 'B', '300'),
      moduleRow('C 1', 'C', '300'),
      moduleRow('C 1', 'C', '300'),
    ].join('\n');
    const { records, rejections } = parseModules('m.csv', text);
    expect(records).toHaveLength(1);
    expect(rejections).toEqual([
      { file: 'm.csv', line: 4, reason: "STC power not a positive number: 'abc'" },
      { file: 'm.csv', line: 5, reason: 'missing Name or Manufacturer' },
      { file: 'm.csv', line: 7, reason: "duplicate Name 'C 1'" },
    ]);
  });

  it('splits inverter names into brand and model and reads the hybrid flag', () => {
    const text = [
      'Name,Vac,Pso,Paco,Pdco,Vdco,C0,C1,C2,C3,Pnt,Vdcmax,Idcmax,Mppt_low,Mppt_high,CEC_Date,CEC_hybrid',
      'Units,V,W,W,W,V,1/W,1/V,1/V,1/V,W,V,A,V,V,,',
      '[0],x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x',
      'Shenzhen Growatt New Energy Technology Co - Ltd: MIN 3800TL-XH-US [240V],240,10,3800,3900,380,0,0,0,0,0.1,550,20,80,550,9/1/2021,Y',
      'NoColonHere,240,10,3800,3900,380,0,0,0,0,0.1,550,20,80,550,n/a,N',
    ].join('\n');
    const { records, rejections } = parseInverters('i.csv', text);
    expect(records[0]).toMatchObject({ manufacturer: 'Growatt', model: 'MIN 3800TL-XH-US [240V]', powerW: 3800, hybrid: true, efficiencyPct: 97.44, listedOn: '2021-09-01' });
    expect(rejections[0]!.reason).toMatch(/not 'Manufacturer: Model'/);
  });

  it('makes stable readable ids and reads US dates', () => {
    expect(partId('module', 'X JKM400M', 'JKM400M')).toBe(partId('module', 'X JKM400M', 'JKM400M'));
    expect(partId('module', 'X JKM400M', 'JKM400M')).toMatch(/^jkm400m-[0-9a-f]{6}$/);
    expect(usDate('n/a')).toBeNull();
    expect(usDate('2/15/2018')).toBe('2018-02-15');
  });
});

describe.each(databaseKinds)('catalogue import on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    dir = mkdtempSync(path.join(os.tmpdir(), 'parts-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the bundled catalogue with a report, and a second run changes nothing', async () => {
    const first = await importPartsCatalogue(t.ctx.database);
    expect(first.read).toBe(21_422);
    expect(first.inserted).toBeGreaterThan(20_000);
    expect(first.updated).toBe(0);
    expect(first.rejected).toBe(1);
    expect(first.rejections[0]!.reason).toBe('generic reference system, not a product');
    const [count] = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM parts');
    expect(count?.n).toBe(first.inserted);
    const brands = await t.ctx.database.query<{ manufacturer: string }>(
      "SELECT DISTINCT manufacturer FROM parts WHERE manufacturer_raw IN ('Jinko Solar Co._ Ltd', 'Hanwha Q CELLS (Qidong)', 'CSI Solar Co._ Ltd.') ORDER BY 1",
    );
    expect(brands.map((b) => b.manufacturer)).toEqual(['Canadian Solar', 'Jinko Solar', 'Qcells']);

    const second = await importPartsCatalogue(t.ctx.database);
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: first.inserted });
  }, 120_000);

  it('updates a changed row in place (same id) and keeps rows a newer file no longer lists', async () => {
    const name = 'Testbrand Co._ Ltd TB-400';
    writeFileSync(path.join(dir, 'cec-modules-test.csv.gz'), gzipSync(`${MODULE_HEADER}\n${moduleRow(name, 'Testbrand Co._ Ltd', '400')}\n`));
    const a = await importPartsCatalogue(t.ctx.database, { dir });
    expect(a).toMatchObject({ inserted: 1, updated: 0 });
    const [before] = await t.ctx.database.query<{ id: string; power_w: number }>('SELECT id, power_w FROM parts WHERE source_key = $1', [name]);
    writeFileSync(path.join(dir, 'cec-modules-test.csv.gz'), gzipSync(`${MODULE_HEADER}\n${moduleRow(name, 'Testbrand Co._ Ltd', '405')}\n`));
    const b = await importPartsCatalogue(t.ctx.database, { dir });
    expect(b).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    const [after] = await t.ctx.database.query<{ id: string; power_w: number; manufacturer: string }>(
      'SELECT id, power_w, manufacturer FROM parts WHERE source_key = $1',
      [name],
    );
    expect(after).toEqual({ id: before!.id, power_w: 405, manufacturer: 'Testbrand' });
    writeFileSync(path.join(dir, 'cec-modules-test.csv.gz'), gzipSync(`${MODULE_HEADER}\n`));
    await importPartsCatalogue(t.ctx.database, { dir });
    expect(await t.ctx.database.query('SELECT 1 FROM parts WHERE source_key = $1', [name])).toHaveLength(1);
  });
});
