import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { ArrowLeft } from '../../../components/ui/icons';
import type { Part } from '@solar/shared/contracts/parts';
import { PART_KIND_LABELS } from '@solar/shared/constants/parts';
import { formatDate } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { usePart } from '../api/get-part';

const n = (value: number, digits = 1) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: digits }).format(value);

function specRows(p: Part): Array<[string, string]> {
  const rows: Array<[string, string | null]> = [
    ['Type', PART_KIND_LABELS[p.kind]],
    ['Technology', p.technology],
    [p.kind === 'module' ? 'Rated power (STC)' : p.kind === 'inverter' ? 'Rated AC output' : 'Discharge power', p.powerW != null ? `${n(p.powerW)} W` : null],
    [p.kind === 'inverter' ? 'Conversion efficiency at rated power' : 'Efficiency', p.efficiencyPct != null ? `${n(p.efficiencyPct)}%` : null],
    ['Dimensions', p.lengthM != null && p.widthM != null ? `${n(p.lengthM, 3)} × ${n(p.widthM, 3)} m` : null],
    ['Area', p.areaM2 != null ? `${n(p.areaM2, 3)} m²` : null],
    ['Cells', p.cells != null ? String(p.cells) : null],
    ['Open-circuit voltage', p.vocV != null ? `${n(p.vocV, 2)} V` : null],
    ['Voltage at maximum power', p.vmpV != null ? `${n(p.vmpV, 2)} V` : null],
    ['AC voltage', p.acVoltageV != null ? `${n(p.acVoltageV)} V` : null],
    ['Maximum DC voltage', p.dcVoltageMaxV != null ? `${n(p.dcVoltageMaxV)} V` : null],
    ['MPPT range', p.mpptLowV != null && p.mpptHighV != null ? `${n(p.mpptLowV)}–${n(p.mpptHighV)} V` : null],
    ['Usable capacity', p.capacityKwh != null ? `${n(p.capacityKwh, 2)} kWh` : null],
    ['Coupling', p.coupling ? `${p.coupling}-coupled` : null],
    ['Hybrid (battery-ready)', p.kind === 'module' ? null : p.hybrid ? 'Yes' : 'No'],
    ['Bifacial', p.kind === 'module' ? (p.bifacial ? 'Yes' : 'No') : null],
    ['Building-integrated (BIPV)', p.kind === 'module' && p.bipv ? 'Yes' : null],
    ['Listed', p.listedOn ? formatDate(p.listedOn) : null],
  ];
  return rows.filter((r): r is [string, string] => r[1] != null && r[1] !== '');
}

/** A catalogue product: the page parts-search answers cite (/parts/{id}). */
export function PartPage() {
  const { id = '' } = useParams();
  const { data, isPending, error } = usePart(id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <Link to="/search-parts" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Search Parts
      </Link>
      {isPending && (
        <div className="mt-6" role="status" aria-label="Loading product">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="mt-6 h-40 w-full" />
        </div>
      )}
      {error && (
        <div className="mt-6 rounded-xl border border-border bg-white p-6 text-center shadow-sm">
          <h1 className="text-xl font-semibold text-slate-900">{error instanceof ApiError && error.status === 404 ? 'Part not found' : 'Failed to load part'}</h1>
          <p className="mt-2 text-sm text-slate-700">Search again to find a product in the catalogue.</p>
        </div>
      )}
      {data && (
        <article className="mt-6 rounded-xl border border-border bg-white p-6 shadow-sm">
          <Badge variant="secondary">{PART_KIND_LABELS[data.kind]}</Badge>
          <h1 className="mt-3 text-2xl font-bold text-slate-900">
            {data.manufacturer} {data.model}
          </h1>
          <dl className="mt-6 divide-y divide-border text-sm">
            {specRows(data).map(([label, value]) => (
              <div key={label} className="grid grid-cols-2 gap-4 py-2">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-6 text-xs text-slate-600">
            Source: {data.source}. US listings, not an MCS product list: check UK certification with the supplier.
          </p>
        </article>
      )}
    </div>
  );
}
