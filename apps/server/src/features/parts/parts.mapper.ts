import type { Part } from '@solar/shared/contracts/parts';
import type { PartRow } from './parts.repository';

/** The one place a catalogue row becomes the API shape (docs/style.md#4-validate-once-at-the-boundary-from-the-shared-schema): an explicit field list. */
export function toPart(row: PartRow): Part {
  return {
    id: row.id,
    kind: row.kind,
    manufacturer: row.manufacturer,
    model: row.model,
    technology: row.technology,
    powerW: row.power_w,
    efficiencyPct: row.efficiency_pct,
    lengthM: row.length_m,
    widthM: row.width_m,
    areaM2: row.area_m2,
    cells: row.cells,
    vocV: row.voc_v,
    vmpV: row.vmp_v,
    acVoltageV: row.ac_voltage_v,
    dcVoltageMaxV: row.dc_voltage_max_v,
    mpptLowV: row.mppt_low_v,
    mpptHighV: row.mppt_high_v,
    capacityKwh: row.capacity_kwh,
    coupling: row.coupling,
    hybrid: row.hybrid,
    bifacial: row.bifacial,
    bipv: row.bipv,
    listedOn: row.listed_on,
    source: sourceLabel(row.source_file),
  };
}

/** Where a catalogue row came from, as the product page credits it. */
function sourceLabel(file: string): string {
  if (/cec-modules/.test(file)) return 'California Energy Commission PV module list (NREL SAM library, December 2021)';
  if (/cec-inverters-2022/.test(file)) return 'California Energy Commission inverter list (NREL SAM library, February 2022)';
  if (/cec-inverters-2019/.test(file)) return 'California Energy Commission inverter list (NREL SAM library, March 2019)';
  if (/bslib/.test(file)) return 'bslib battery system database (HTW Berlin test data, CC BY 4.0)';
  return file;
}
