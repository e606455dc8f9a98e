import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { normaliseManufacturer, round } from '@solar/shared/domain/parts';
import type { PartKind } from '@solar/shared/constants/parts';
import type { parts } from '../../db/schema/parts';
import { dataDir } from '../../paths';

/** Reading the parts catalogue files (data/parts/SOURCE.md) into rows; parts.importer.ts writes them. */

/** One catalogue row as stored (without the timestamps). */
export type PartRecord = Omit<typeof parts.$inferInsert, 'importedAt' | 'updatedAt'> & { kind: PartKind };

export interface Rejection {
  file: string;
  line: number;
  reason: string;
}


/** Stable, readable id: the model as a slug plus a short hash of the source id. */
export function partId(kind: PartKind, sourceKey: string, model: string): string {
  const slug = model
    .toLowerCase()
    .replace(/\[.*?\]/g, (m) => m.replace(/[[\]]/g, ''))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const hash = createHash('sha1').update(`${kind}:${sourceKey}`).digest('hex').slice(0, 6);
  return `${slug || kind}-${hash}`;
}

const num = (value: string | undefined): number | null => {
  if (value === undefined) return null;
  const t = value.trim();
  if (!t || /^n\/?a$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

/** 'M/D/YYYY' (the SAM files' US dates) → 'YYYY-MM-DD', or null. */
export function usDate(value: string | undefined): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((value ?? '').trim());
  if (!m) return null;
  const [, month, day, year] = m;
  const iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

type Row = Record<string, string>;
interface Parsed {
  records: PartRecord[];
  rejections: Rejection[];
  read: number;
}

/** SAM library CSVs have three header lines: names, units, SAM variable names (data/parts/SOURCE.md). */
export function readSamCsv(text: string): Array<{ line: number; row: Row }> {
  const rows = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
  const [header, ...rest] = rows;
  if (!header) return [];
  return rest.slice(2).map((cells, i) => ({
    line: i + 4,
    row: Object.fromEntries(header.map((h, j) => [h, cells[j] ?? ''])),
  }));
}

export function parseModules(file: string, text: string): Parsed {
  const out: Parsed = { records: [], rejections: [], read: 0 };
  const seen = new Set<string>();
  for (const { line, row } of readSamCsv(text)) {
    out.read++;
    const reject = (reason: string) => out.rejections.push({ file, line, reason });
    const name = row.Name?.trim() ?? '';
    const raw = row.Manufacturer?.trim() ?? '';
    const power = num(row.STC);
    if (!name || !raw) { reject('missing Name or Manufacturer'); continue; }
    if (power === null || power <= 0) { reject(`STC power not a positive number: '${row.STC ?? ''}'`); continue; }
    if (seen.has(name)) { reject(`duplicate Name '${name}'`); continue; }
    seen.add(name);
    const area = num(row.A_c);
    const model = name.startsWith(raw) ? name.slice(raw.length).trim() || name : name;
    const efficiency = area && area > 0 ? round((power / (area * 1000)) * 100, 2) : null;
    out.records.push({
      id: partId('module', name, model),
      kind: 'module',
      sourceKey: name,
      sourceFile: file,
      manufacturer: normaliseManufacturer(raw),
      manufacturerRaw: raw,
      model,
      technology: row.Technology?.trim() || null,
      powerW: round(power, 2),
      efficiencyPct: efficiency !== null && efficiency <= 100 ? efficiency : null,
      lengthM: num(row.Length),
      widthM: num(row.Width),
      areaM2: area,
      cells: num(row.N_s) === null ? null : Math.round(num(row.N_s)!),
      vocV: num(row.V_oc_ref),
      vmpV: num(row.V_mp_ref),
      acVoltageV: null,
      dcVoltageMaxV: null,
      mpptLowV: null,
      mpptHighV: null,
      capacityKwh: null,
      coupling: null,
      hybrid: false,
      bifacial: row.Bifacial?.trim() === '1',
      bipv: row.BIPV?.trim().toUpperCase() === 'Y',
      listedOn: usDate(row.Date),
    });
  }
  return out;
}

export function parseInverters(file: string, text: string): Parsed {
  const out: Parsed = { records: [], rejections: [], read: 0 };
  const seen = new Set<string>();
  for (const { line, row } of readSamCsv(text)) {
    out.read++;
    const reject = (reason: string) => out.rejections.push({ file, line, reason });
    const name = row.Name?.trim() ?? '';
    const colon = name.indexOf(':');
    if (colon <= 0) { reject(`Name is not 'Manufacturer: Model': '${name}'`); continue; }
    const raw = name.slice(0, colon).trim();
    const model = name.slice(colon + 1).trim();
    const paco = num(row.Paco);
    const pdco = num(row.Pdco);
    if (!model) { reject('missing model'); continue; }
    if (paco === null || paco <= 0) { reject(`Paco not a positive number: '${row.Paco ?? ''}'`); continue; }
    if (seen.has(name)) { reject(`duplicate Name '${name}'`); continue; }
    seen.add(name);
    const hybrid = row.CEC_hybrid?.trim().toUpperCase() === 'Y';
    const efficiency = pdco && pdco > 0 ? round((paco / pdco) * 100, 2) : null;
    out.records.push({
      id: partId('inverter', name, model),
      kind: 'inverter',
      sourceKey: name,
      sourceFile: file,
      manufacturer: normaliseManufacturer(raw),
      manufacturerRaw: raw,
      model,
      technology: row.CEC_Type?.trim() || (hybrid ? 'Hybrid' : 'Grid-tied'),
      powerW: round(paco, 2),
      efficiencyPct: efficiency !== null && efficiency <= 100 ? efficiency : null,
      lengthM: null,
      widthM: null,
      areaM2: null,
      cells: null,
      vocV: null,
      vmpV: null,
      acVoltageV: num(row.Vac),
      dcVoltageMaxV: num(row.Vdcmax),
      mpptLowV: num(row.Mppt_low),
      mpptHighV: num(row.Mppt_high),
      capacityKwh: null,
      coupling: null,
      hybrid,
      bifacial: false,
      bipv: false,
      listedOn: usDate(row.CEC_Date),
    });
  }
  return out;
}

/** bslib battery systems (one header line): AC/DC-coupled systems become batteries, PV inverters inverters. */
export function parseBatteries(file: string, text: string): Parsed {
  const out: Parsed = { records: [], rejections: [], read: 0 };
  const rows = parse(text, { columns: true, skip_empty_lines: true, relax_column_count: true }) as Row[];
  rows.forEach((row, i) => {
    out.read++;
    const line = i + 2;
    const reject = (reason: string) => out.rejections.push({ file, line, reason });
    const id = row.ID?.trim() ?? '';
    const type = row['Type [-coupled]']?.trim() ?? '';
    const pe = row['Manufacturer (PE)']?.trim() ?? '';
    const peModel = row['Model (PE)']?.trim() ?? '';
    const bat = row['Manufacturer (BAT)']?.trim() ?? '';
    const batModel = row['Model (BAT)']?.trim() ?? '';
    if (!id || !pe) return reject('missing ID or manufacturer');
    if (/^generic$/i.test(pe)) return reject('generic reference system, not a product');
    if (type === 'PVINV') {
      const power = num(row['P_PV2AC_out [W]']);
      if (power === null || power <= 0) return reject('PV inverter without a rated output');
      out.records.push(base('inverter', file, id, pe, peModel, { technology: 'Grid-tied', powerW: power }));
      return;
    }
    if (type !== 'AC' && type !== 'DC') return reject(`unknown system type '${type}'`);
    const manufacturer = bat || pe;
    const model = bat ? `${batModel} with ${pe} ${peModel}` : peModel;
    const eta = num(row.eta_BAT);
    out.records.push(
      base('battery', file, id, manufacturer, model, {
        technology: `${type}-coupled`,
        coupling: type,
        powerW: num(row['P_BAT2AC_out [W]']),
        capacityKwh: num(row['E_BAT_usable [kWh]']),
        efficiencyPct: eta !== null && eta > 0 && eta <= 100 ? eta : null,
        hybrid: type === 'DC',
      }),
    );
  });
  return out;
}

function base(kind: PartKind, file: string, sourceKey: string, raw: string, model: string, extra: Partial<PartRecord>): PartRecord {
  return {
    id: partId(kind, sourceKey, `${raw} ${model}`),
    kind,
    sourceKey,
    sourceFile: file,
    manufacturer: normaliseManufacturer(raw),
    manufacturerRaw: raw,
    model,
    technology: null,
    powerW: null,
    efficiencyPct: null,
    lengthM: null,
    widthM: null,
    areaM2: null,
    cells: null,
    vocV: null,
    vmpV: null,
    acVoltageV: null,
    dcVoltageMaxV: null,
    mpptLowV: null,
    mpptHighV: null,
    capacityKwh: null,
    coupling: null,
    hybrid: false,
    bifacial: false,
    bipv: false,
    listedOn: null,
    ...extra,
  };
}

/** The catalogue files in data/parts, in import order: older inverter lists first, so newer rows win. */
export function catalogueFiles(dir = path.join(dataDir, 'parts')): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv.gz') || f.endsWith('.csv'))
    .sort();
}

export function parseCatalogueFile(file: string, text: string): Parsed {
  if (/cec-modules/i.test(file)) return parseModules(file, text);
  if (/cec-inverters/i.test(file)) return parseInverters(file, text);
  if (/bslib/i.test(file)) return parseBatteries(file, text);
  return { records: [], rejections: [{ file, line: 0, reason: 'unknown catalogue file' }], read: 0 };
}
