import { boolean, date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** The parts catalogue (migrations 0007_parts.sql, 0017). */
export const parts = pgTable(
  'parts',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['module', 'inverter', 'battery'] }).notNull(),
    sourceKey: text('source_key').notNull(),
    sourceFile: text('source_file').notNull(),
    manufacturer: text('manufacturer').notNull(),
    manufacturerRaw: text('manufacturer_raw').notNull(),
    model: text('model').notNull(),
    technology: text('technology'),
    powerW: doublePrecision('power_w'),
    efficiencyPct: doublePrecision('efficiency_pct'),
    lengthM: doublePrecision('length_m'),
    widthM: doublePrecision('width_m'),
    areaM2: doublePrecision('area_m2'),
    cells: integer('cells'),
    vocV: doublePrecision('voc_v'),
    vmpV: doublePrecision('vmp_v'),
    acVoltageV: doublePrecision('ac_voltage_v'),
    dcVoltageMaxV: doublePrecision('dc_voltage_max_v'),
    mpptLowV: doublePrecision('mppt_low_v'),
    mpptHighV: doublePrecision('mppt_high_v'),
    capacityKwh: doublePrecision('capacity_kwh'),
    coupling: text('coupling', { enum: ['AC', 'DC'] }),
    hybrid: boolean('hybrid').notNull().default(false),
    bifacial: boolean('bifacial').notNull().default(false),
    bipv: boolean('bipv').notNull().default(false),
    listedOn: date('listed_on', { mode: 'string' }),
    /** Migration 0017 (decision 0362): an inverter's phase, where the AC voltage or model name tells. */
    phase: text('phase', { enum: ['single', 'three'] }),
    /** Migration 0017 (decision 0362): 'uk' rated for 230/400 V (or tested in Europe), 'us' a US grid or model. */
    grid: text('grid', { enum: ['uk', 'us'] }),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parts_source_key').on(t.kind, t.sourceKey),
    index('parts_kind_power_idx').on(t.kind, t.powerW.desc()),
    index('parts_kind_manufacturer_idx').on(t.kind, sql`lower(${t.manufacturer})`, t.powerW.desc()),
  ],
);
export type PartRow = typeof parts.$inferSelect;
