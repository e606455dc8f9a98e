import type { PartKind, ProductCategory } from '@solar/shared/constants/parts';
import { quantityTotal, type SpecFilter } from '@solar/shared/domain/parts';
import type { PartsAnswer } from '@solar/shared/contracts/parts';
import { COUNT_CAP, type PartHit, type SupplierHit } from './parts.repository';

/** Numbers citations in order of first use, so marker [n] is always citations[n - 1]. */
export class Citations {
  readonly urls: string[] = [];
  cite(url: string): string {
    let i = this.urls.indexOf(url);
    if (i === -1) i = this.urls.push(url) - 1;
    return `[${i + 1}]`;
  }
}

/** Escapes text from data or user input so it is never read as markdown, HTML or a citation marker. */
export function md(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+!|~]/g, (c) => `\\${c}`).replace(/\s+/g, ' ').trim();
}

const nf = (digits: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: digits });
const watts = (w: number) => (w >= 10_000 ? `${nf(1).format(w / 1000)} kW` : `${nf(1).format(w)} W`);
/** A power asked for reads as typed: '5 kW', not '5,000 W'. */
const askedWatts = (w: number) => (w >= 1_000 ? `${nf(1).format(w / 1000)} kW` : `${nf(1).format(w)} W`);

export const partUrl = (id: string) => `/parts/${encodeURIComponent(id)}`;
export const providerUrl = (slug: string) => `/providers/${encodeURIComponent(slug)}`;

const TECHNOLOGY_LABELS: Record<string, string> = {
  'Mono-c-Si': 'Monocrystalline silicon',
  'Multi-c-Si': 'Polycrystalline silicon',
  'Thin Film': 'Thin film',
  CdTe: 'Thin film (CdTe)',
  CIGS: 'Thin film (CIGS)',
};

export const partName = (p: Pick<PartHit, 'manufacturer' | 'model'>) => `${p.manufacturer} ${p.model}`;

function size(p: PartHit): string | null {
  if (p.length_m && p.width_m) return `${nf(3).format(p.length_m)} × ${nf(3).format(p.width_m)} m (${nf(2).format(p.area_m2 ?? p.length_m * p.width_m)} m²)`;
  if (p.area_m2) return `${nf(2).format(p.area_m2)} m²`;
  return null;
}

function describeFilter(brands: string[], filter: SpecFilter): string[] {
  const parts: string[] = [];
  if (brands.length) parts.push(`brands ${brands.map((b) => `**${md(b)}**`).join(', ')}`);
  if (filter.minPowerW !== undefined) parts.push(`at least ${askedWatts(filter.minPowerW)}`);
  if (filter.maxPowerW !== undefined) parts.push(`at most ${askedWatts(filter.maxPowerW)}`);
  if (filter.targetPowerW !== undefined) parts.push(`closest to ${askedWatts(filter.targetPowerW)}`);
  if (filter.minEfficiencyPct !== undefined) parts.push(`efficiency at least ${filter.minEfficiencyPct}%`);
  if (filter.technology) parts.push({ mono: 'monocrystalline', multi: 'polycrystalline', 'thin-film': 'thin film' }[filter.technology]);
  if (filter.bifacial !== undefined) parts.push(filter.bifacial ? 'bifacial' : 'monofacial');
  if (filter.bipv) parts.push('building-integrated');
  if (filter.hybrid !== undefined) parts.push(filter.hybrid ? 'hybrid' : 'not hybrid');
  if (filter.coupling) parts.push(`${filter.coupling}-coupled`);
  if (filter.minCapacityKwh !== undefined) parts.push(`at least ${filter.minCapacityKwh} kWh usable`);
  if (filter.phase) parts.push(filter.phase === 'three' ? 'three-phase' : 'single-phase');
  return parts;
}

function factLines(p: PartHit, ref: string): string[] {
  const lines: string[] = [];
  if (p.kind === 'module') {
    if (p.power_w != null) lines.push(`- **Rated power:** ${watts(p.power_w)} (STC) ${ref}`);
    if (p.efficiency_pct != null) lines.push(`- **Efficiency:** ${nf(1).format(p.efficiency_pct)}% ${ref}`);
    const s = size(p);
    if (s) lines.push(`- **Size:** ${s} ${ref}`);
    const tech = [TECHNOLOGY_LABELS[p.technology ?? ''] ?? p.technology, p.cells ? `${p.cells} cells` : null, p.bifacial ? 'bifacial' : null, p.bipv ? 'BIPV' : null]
      .filter(Boolean)
      .join(', ');
    if (tech) lines.push(`- **Technology:** ${md(tech)} ${ref}`);
  } else if (p.kind === 'inverter') {
    if (p.power_w != null) lines.push(`- **Rated AC output:** ${watts(p.power_w)} ${ref}`);
    if (p.efficiency_pct != null) lines.push(`- **Conversion efficiency at rated power:** ${nf(1).format(p.efficiency_pct)}% ${ref}`);
    lines.push(`- **Hybrid (battery-ready):** ${p.hybrid ? 'yes' : 'no'} ${ref}`);
    if (p.phase) lines.push(`- **Phase:** ${p.phase === 'three' ? 'three-phase' : 'single-phase'} ${ref}`);
    if (p.grid) lines.push(`- **Grid:** ${GRID_LABELS[p.grid]} ${ref}`);
  } else {
    if (p.capacity_kwh != null) lines.push(`- **Usable capacity:** ${nf(2).format(p.capacity_kwh)} kWh ${ref}`);
    if (p.power_w != null) lines.push(`- **Discharge power:** ${watts(p.power_w)} ${ref}`);
    if (p.efficiency_pct != null) lines.push(`- **Battery efficiency:** ${nf(1).format(p.efficiency_pct)}% ${ref}`);
    if (p.coupling) lines.push(`- **Coupling:** ${p.coupling}-coupled ${ref}`);
  }
  if (p.listed_on) lines.push(`- **Listed:** ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(p.listed_on))} ${ref}`);
  return lines;
}

function comparison(kind: PartKind, hits: PartHit[], refs: string[]): string[] {
  const rows = hits.map((p, i) => {
    const name = `${md(partName(p))} ${refs[i]}`;
    const power = p.power_w != null ? watts(p.power_w) : '–';
    const eff = p.efficiency_pct != null ? `${nf(1).format(p.efficiency_pct)}%` : '–';
    if (kind === 'module') return `| ${name} | ${power} | ${eff} | ${p.area_m2 != null ? `${nf(2).format(p.area_m2)} m²` : '–'} |`;
    if (kind === 'inverter') return `| ${name} | ${power} | ${eff} | ${p.hybrid ? 'Yes' : 'No'} |`;
    return `| ${name} | ${p.capacity_kwh != null ? `${nf(2).format(p.capacity_kwh)} kWh` : '–'} | ${power} | ${eff} |`;
  });
  const header =
    kind === 'module'
      ? ['| Product | Power | Efficiency | Area |', '| --- | --- | --- | --- |']
      : kind === 'inverter'
        ? ['| Product | AC output | Efficiency | Hybrid |', '| --- | --- | --- | --- |']
        : ['| Product | Usable capacity | Power | Efficiency |', '| --- | --- | --- | --- |'];
  return ['### Comparison', '', ...header, ...rows];
}

const GRID_LABELS = { uk: 'rated for the UK and European 230/400 V grid', us: 'a US grid listing (check UK certification)' } as const;

/** How a kind reads inside a sentence. */
const KIND_NOUN: Record<PartKind, string> = { module: 'PV module', inverter: 'inverter', battery: 'battery system' };

const TOTAL_NOUN: Record<PartKind, [string, string]> = { module: ['panel', 'panels'], inverter: ['inverter', 'inverters'], battery: ['battery system', 'battery systems'] };

export interface AnswerInput {
  product: string;
  category: ProductCategory | null;
  brands: string[];
  quantity?: number;
  location: string;
  filter: SpecFilter;
  /** Matches for the request; `alternatives` are shown when there are none. */
  matches: { hits: PartHit[]; total: number } | null;
  alternatives: PartHit[];
  /** Requested brands the catalogue does not hold for this kind. */
  missingBrands: string[];
  /** null when the directory could not be queried. */
  suppliers: SupplierHit[] | null;
  locationResolved: boolean;
}

/** The catalogue answer: markdown with headings, bold and [n] markers, and the cited URLs. */
export function buildCatalogueAnswer(input: AnswerInput): PartsAnswer {
  const c = new Citations();
  const out: string[] = [];
  const kind = input.category?.kind;
  const product = md(input.product);
  out.push(`## ${product}${input.brands.length ? ` from ${input.brands.map(md).join(', ')}` : ''}`, '');

  if (!kind) {
    out.push(
      `No product data is held for **${product}**: the catalogue covers PV modules, inverters and battery systems only. The suppliers below are listed from the provider directory.`,
      '',
    );
  } else if (input.matches && input.matches.hits.length > 0) {
    const { hits, total } = input.matches;
    const refs = hits.map((h) => c.cite(partUrl(h.id)));
    const criteria = describeFilter(input.brands, input.filter);
    out.push(
      `**${nf(0).format(total)}${total >= COUNT_CAP ? '+' : ''}** ${KIND_NOUN[kind]} ${total === 1 ? 'listing matches' : 'listings match'}${criteria.length ? ` (${criteria.join('; ')})` : ''}. The best ${hits.length === 1 ? 'match' : `${hits.length} matches`}:`,
      '',
    );
    if (input.missingBrands.length)
      out.push(`No catalogue data is held for ${input.missingBrands.map((b) => `**${md(b)}**`).join(', ')}.`, '');
    hits.forEach((p, i) => {
      out.push(`### ${i + 1}. ${md(partName(p))}`, '', ...factLines(p, refs[i]!), '');
    });
    if (hits.length > 1) out.push(...comparison(kind, hits, refs), '');
    if (input.quantity) {
      const [one, many] = TOTAL_NOUN[kind];
      const noun = input.quantity === 1 ? one : many;
      const totals = hits
        .map((p, i) => ({ p, ref: refs[i]!, total: quantityTotal(kind, input.quantity!, { powerW: p.power_w, capacityKwh: p.capacity_kwh }) }))
        .filter((t) => t.total);
      if (totals.length) {
        out.push(`### Total for ${nf(0).format(input.quantity)} ${noun}`, '');
        for (const { p, ref, total } of totals)
          out.push(`- **${md(partName(p))}:** ${nf(0).format(input.quantity)} × ${kind === 'battery' ? `${nf(2).format(p.capacity_kwh!)} kWh` : watts(p.power_w!)} = **${nf(2).format(total!.value)} ${total!.unit}** ${total!.label} ${ref}`);
        out.push('');
      }
    }
  } else {
    const criteria = describeFilter(input.brands, input.filter);
    out.push(
      `No catalogue ${KIND_NOUN[kind]} matches ${criteria.length ? criteria.join('; ') : 'this request'}.`,
      '',
    );
    if (input.missingBrands.length)
      out.push(`The catalogue holds no ${KIND_NOUN[kind]} data for ${input.missingBrands.map((b) => `**${md(b)}**`).join(', ')}.`, '');
    const specs = describeFilter([], input.filter);
    if (input.alternatives.length === 0) {
      // Nothing is offered that breaks a stated spec (decision 0362).
      out.push(
        `Nothing in the catalogue fits${specs.length ? ` ${specs.join('; ')}` : ''}${input.brands.length ? ' from any brand' : ''}. Ask the suppliers below, or loosen the specifications.`,
        '',
      );
    } else {
      out.push(`### Other brands that fit${specs.length ? ` (${specs.join('; ')})` : ''}`, '');
      for (const p of input.alternatives) {
        const ref = c.cite(partUrl(p.id));
        const facts = [
          p.power_w != null ? watts(p.power_w) : null,
          p.efficiency_pct != null ? `${nf(1).format(p.efficiency_pct)}% efficiency` : null,
          p.capacity_kwh != null ? `${nf(2).format(p.capacity_kwh)} kWh` : null,
          p.kind === 'inverter' && p.hybrid ? 'hybrid' : null,
          p.phase === 'three' ? 'three-phase' : p.phase === 'single' ? 'single-phase' : null,
          p.grid === 'us' ? 'US listing' : p.grid === 'uk' ? 'UK/EU grid' : null,
        ].filter(Boolean);
        out.push(`- **${md(partName(p))}**: ${facts.join(', ')} ${ref}`);
      }
      out.push('', 'Try fewer brands or looser specifications to see more.', '');
    }
  }

  // Suppliers near the location (wholesalers and installers whose service area covers it).
  const where = input.location ? md(input.location) : '';
  out.push(kind ? `### Suppliers${where ? ` near ${where}` : ''}` : `### Suppliers from the directory${where ? ` near ${where}` : ''}`, '');
  if (input.suppliers === null) {
    out.push('The provider directory is not available right now.', '');
  } else {
    if (input.location && !input.locationResolved)
      out.push(`**${where}** was not found in the UK gazetteer, so only suppliers that serve the whole UK are listed.`, '');
    if (input.suppliers.length === 0) {
      out.push(`No wholesaler or installer in the directory lists a service area covering ${where || 'the whole UK'}.`, '');
    } else {
      for (const s of input.suppliers) {
        const ref = c.cite(providerUrl(s.slug));
        const reach = s.countrywide ? 'serves the whole UK' : s.distance_km != null ? `about ${nf(0).format(s.distance_km)} km away` : '';
        out.push(`- **${md(s.business_name)}**${s.type ? ` (${md(s.type)})` : ''}${reach ? `, ${reach}` : ''} ${ref}`);
      }
      out.push('');
    }
  }
  if (kind)
    out.push(
      '_Product data: California Energy Commission equipment lists (NREL SAM library) and the bslib battery database. These are US listings, not an MCS product list: check UK certification with the supplier._',
    );
  return { content: out.join('\n').trim(), citations: c.urls };
}
