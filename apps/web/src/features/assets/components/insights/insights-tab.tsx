import { useState } from 'react';
import { Link } from '../../../../components/ui/link';
import {
  INSIGHT_BREAKDOWNS,
  INSIGHT_EVENTS,
  INSIGHT_MESSAGES,
  INSIGHT_STAGES,
  INSIGHT_TRANSITIONS,
  type InsightBreakdown,
  type InsightTransition,
} from '@solar/shared/constants/asset-insights';
import { formatNumber } from '@solar/shared/domain/count';
import { formatDate } from '@solar/shared/domain/format';
import { listAssetBreakdownFile, useListAssetBreakdown } from '../../api/list-asset-breakdown';
import { getAssetPipelineFile, useGetAssetPipeline } from '../../api/get-asset-pipeline';
import { listAssetDurationsFile, useListAssetDurations } from '../../api/list-asset-durations';
import { listAssetQuartersFile, useListAssetQuarters } from '../../api/list-asset-quarters';
import { listAssetReleasesFile, useListAssetReleases } from '../../api/list-asset-releases';
import { listLargestAssetsFile, useListLargestAssets } from '../../api/list-largest-assets';
import { toInsightsParams, type AssetFilters } from '../../state/asset-filters';
import { BarChart } from './bar-chart';
import { ChartCard, Choices, DataTable } from './chart-card';
import { SeriesChart } from './series-chart';

/**
 * The Insights tab (docs/product/assets.md#insights, decision 0490), loaded only when the tab opens:
 * statistics of the projects matching the Overview's filters, each chart with its table and files.
 */

const mw = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const mwShort = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const months = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const name = (key: string | null) => key ?? INSIGHT_MESSAGES.unknown;
const files = (of: (format: 'csv' | 'json') => string) => ({ csv: of('csv'), json: of('json') });
const state = (q: { isPending: boolean; error: Error | null; refetch: () => unknown }, empty: boolean) => ({ pending: q.isPending, error: q.error, empty, retry: q.refetch });

function Breakdown({ params, by }: { params: ReturnType<typeof toInsightsParams>; by: InsightBreakdown }) {
  const q = { ...params, by };
  const result = useListAssetBreakdown(q);
  const label = INSIGHT_BREAKDOWNS.find((b) => b.key === by)!.label;
  const title = INSIGHT_MESSAGES.breakdownTitle(label);
  const rows = result.data?.data ?? [];
  const total = result.data?.total;
  return (
    <ChartCard
      id={`insights-by-${by}`}
      title={title}
      note={total ? `${formatNumber(total.projects)} projects, ${mw.format(total.capacityMw)} MW in all.` : undefined}
      files={files((f) => listAssetBreakdownFile(q, f))}
      state={state(result, rows.length === 0)}
      chart={
        <BarChart
          title={`${title} (MW)`}
          summary={rows.slice(0, 3).map((r) => `${name(r.key)}: ${mw.format(r.capacityMw)} MW`).join('; ')}
          rows={rows.slice(0, 12).map((r) => ({ label: name(r.key), value: r.capacityMw }))}
          format={(n) => `${mwShort.format(n)} MW`}
        />
      }
      table={
        <DataTable
          caption={title}
          columns={[label, 'Projects', 'Capacity (MW)']}
          rows={rows.map((r) => ({ key: String(r.key), head: name(r.key), cells: [formatNumber(r.projects), mw.format(r.capacityMw)] }))}
        />
      }
    />
  );
}

function Pipeline({ params }: { params: ReturnType<typeof toInsightsParams> }) {
  const result = useGetAssetPipeline(params);
  const rows = result.data?.data ?? [];
  const title = INSIGHT_MESSAGES.pipelineTitle;
  const bars = rows.filter((r) => r.stage !== 'other').map((r) => ({ label: r.label, value: (r.reached ?? r.current).projects, muted: !r.reached }));
  return (
    <ChartCard
      id="insights-pipeline"
      title={title}
      note={INSIGHT_MESSAGES.pipelineNote}
      files={files((f) => getAssetPipelineFile(params, f))}
      state={state(result, rows.every((r) => r.current.projects === 0))}
      chart={
        <BarChart
          title={title}
          summary={bars.map((b) => `${b.label}: ${formatNumber(b.value ?? 0)} projects`).join('; ')}
          rows={bars}
          format={(n) => formatNumber(n)}
          colour="#2563eb"
        />
      }
      table={
        <DataTable
          caption={title}
          columns={['Stage', 'Reached (projects)', 'Reached (MW)', 'Now (projects)', 'Now (MW)']}
          rows={rows.map((r) => ({
            key: r.stage,
            head: (
              <span title={INSIGHT_STAGES.find((s) => s.key === r.stage)!.statuses.join(', ')}>{r.label}</span>
            ),
            cells: [r.reached ? formatNumber(r.reached.projects) : '–', r.reached ? mw.format(r.reached.capacityMw) : '–', formatNumber(r.current.projects), mw.format(r.current.capacityMw)],
          }))}
        />
      }
    />
  );
}

function Durations({ params }: { params: ReturnType<typeof toInsightsParams> }) {
  const [by, setBy] = useState<'technology' | 'region'>('technology');
  const [transition, setTransition] = useState<InsightTransition>('decision');
  const q = { ...params, by };
  const result = useListAssetDurations(q);
  const rows = result.data?.data ?? [];
  const all = result.data?.all;
  const chosen = INSIGHT_TRANSITIONS.find((t) => t.key === transition)!;
  const title = `${INSIGHT_MESSAGES.durationsTitle}: ${chosen.label.toLowerCase()}`;
  const shown = rows.filter((r) => r.transitions[transition].medianMonths !== null).slice(0, 12);
  const cell = (c: { projects: number; medianMonths: number | null }) => (c.medianMonths === null ? '–' : `${months.format(c.medianMonths)} (${formatNumber(c.projects)})`);
  return (
    <ChartCard
      id="insights-durations"
      title={INSIGHT_MESSAGES.durationsTitle}
      note={`${INSIGHT_MESSAGES.durationsNote} Table: median months (projects).`}
      files={files((f) => listAssetDurationsFile(q, f))}
      controls={
        <>
          <Choices label="Group by" value={by} options={[{ key: 'technology', label: INSIGHT_MESSAGES.durationsBy.technology }, { key: 'region', label: INSIGHT_MESSAGES.durationsBy.region }]} onChange={setBy} />
          <Choices label="Stages" value={transition} options={INSIGHT_TRANSITIONS} onChange={setTransition} />
        </>
      }
      state={state(result, !all || INSIGHT_TRANSITIONS.every((t) => all.transitions[t.key].projects === 0))}
      chart={
        <BarChart
          title={title}
          summary={all ? `All projects: ${cell(all.transitions[transition])}` : ''}
          rows={[...(all ? [{ label: 'All projects', value: all.transitions[transition].medianMonths, muted: true }] : []), ...shown.map((r) => ({ label: name(r.key), value: r.transitions[transition].medianMonths }))]}
          format={(n) => `${months.format(n)} mo`}
          colour="#0d9488"
        />
      }
      table={
        <DataTable
          caption={`${INSIGHT_MESSAGES.durationsTitle} by ${by}`}
          columns={[by === 'technology' ? 'Technology' : 'Region', ...INSIGHT_TRANSITIONS.map((t) => t.label)]}
          rows={[...rows, ...(all ? [all] : [])].map((r) => ({
            key: String(r.key),
            head: r.key === '*' ? 'All projects' : name(r.key),
            cells: INSIGHT_TRANSITIONS.map((t) => cell(r.transitions[t.key])),
          }))}
        />
      }
    />
  );
}

const EVENT_COLOURS: Record<string, string> = { submitted: '#64748b', granted: '#d97706', construction: '#2563eb', operational: '#059669' };

function Quarters({ params }: { params: ReturnType<typeof toInsightsParams> }) {
  const [measure, setMeasure] = useState<'projects' | 'capacityMw'>('projects');
  const result = useListAssetQuarters(params);
  const rows = result.data?.data ?? [];
  const title = INSIGHT_MESSAGES.quartersTitle;
  const format = (n: number) => (measure === 'projects' ? formatNumber(n) : `${mwShort.format(n)} MW`);
  const latest = rows.at(-1);
  return (
    <ChartCard
      id="insights-quarters"
      title={title}
      note={INSIGHT_MESSAGES.quartersNote}
      files={files((f) => listAssetQuartersFile(params, f))}
      controls={<Choices label="Measure" value={measure} options={[{ key: 'projects', label: 'Projects' }, { key: 'capacityMw', label: 'Capacity (MW)' }]} onChange={setMeasure} />}
      state={state(result, rows.length === 0)}
      chart={
        <SeriesChart
          title={`${title}, ${measure === 'projects' ? 'projects' : 'MW'}`}
          summary={latest ? `${rows[0]!.quarter} to ${latest.quarter}. Latest quarter: ${INSIGHT_EVENTS.map((e) => `${e.label} ${format(latest.events[e.key][measure])}`).join(', ')}.` : ''}
          labels={rows.map((r) => r.quarter)}
          series={INSIGHT_EVENTS.map((e) => ({ key: e.key, label: e.label, colour: EVENT_COLOURS[e.key]!, values: rows.map((r) => r.events[e.key][measure]) }))}
          format={format}
        />
      }
      table={
        <DataTable
          caption={title}
          columns={['Quarter', ...INSIGHT_EVENTS.flatMap((e) => [e.label, `${e.label} (MW)`])]}
          rows={[...rows].reverse().map((r) => ({
            key: r.quarter,
            head: r.quarter,
            cells: INSIGHT_EVENTS.flatMap((e) => [formatNumber(r.events[e.key].projects), mw.format(r.events[e.key].capacityMw)]),
          }))}
        />
      }
    />
  );
}

function Releases({ params }: { params: ReturnType<typeof toInsightsParams> }) {
  const result = useListAssetReleases(params);
  const rows = result.data?.data ?? [];
  const title = INSIGHT_MESSAGES.releasesTitle;
  const last = rows.at(-1);
  return (
    <ChartCard
      id="insights-releases"
      title={title}
      note={INSIGHT_MESSAGES.releasesNote}
      files={files((f) => listAssetReleasesFile(params, f))}
      state={state(result, rows.length === 0)}
      emptyText={INSIGHT_MESSAGES.releasesEmpty}
      chart={
        last && (
          <BarChart
            title={`${title}: ${last.release}`}
            summary={`${last.release}: ${formatNumber(last.added.projects)} added, ${formatNumber(last.toGranted)} granted, ${formatNumber(last.toConstruction)} started construction, ${formatNumber(last.toOperational)} became operational.`}
            rows={[
              { label: 'Added', value: last.added.projects },
              { label: 'Granted', value: last.toGranted },
              { label: 'Construction started', value: last.toConstruction },
              { label: 'Became operational', value: last.toOperational },
              { label: 'Refused, withdrawn, expired', value: last.leftPipeline, muted: true },
              ...(last.removed !== null ? [{ label: 'Removed from REPD', value: last.removed, muted: true }] : []),
            ]}
            format={(n) => formatNumber(n)}
            colour="#7c3aed"
          />
        )
      }
      table={
        <DataTable
          caption={title}
          columns={['Release', 'Imported', 'Added', 'Added (MW)', 'Granted', 'Construction', 'Operational', 'Left', 'Capacity changed', 'Removed']}
          rows={rows.map((r) => ({
            key: r.release,
            head: r.release,
            cells: [
              formatDate(r.importedAt),
              formatNumber(r.added.projects),
              mw.format(r.added.capacityMw),
              formatNumber(r.toGranted),
              formatNumber(r.toConstruction),
              formatNumber(r.toOperational),
              formatNumber(r.leftPipeline),
              formatNumber(r.capacityChanged),
              r.removed === null ? '–' : formatNumber(r.removed),
            ],
          }))}
        />
      }
    />
  );
}

function Largest({ params }: { params: ReturnType<typeof toInsightsParams> }) {
  const result = useListLargestAssets(params);
  const rows = result.data?.data ?? [];
  const stages = INSIGHT_STAGES.filter((s) => rows.some((r) => r.stage === s.key));
  return (
    <ChartCard
      id="insights-largest"
      title={INSIGHT_MESSAGES.largestTitle}
      files={files((f) => listLargestAssetsFile(params, f))}
      state={state(result, rows.length === 0)}
      table={
        <div className="grid gap-4 xl:grid-cols-2">
          {stages.map((s) => (
            <StageList key={s.key} label={s.label} rows={rows.filter((r) => r.stage === s.key)} />
          ))}
        </div>
      }
    />
  );
}

function StageList({ label, rows }: { label: string; rows: Array<{ id: number; siteName: string; capacityMw: number; technologyType: string | null; region: string | null }> }) {
  return (
    <DataTable
      caption={`Largest projects: ${label}`}
      columns={[label, 'MW']}
      rows={rows.map((r) => ({
        key: String(r.id),
        head: (
          <Link to={`/asset-intel/${r.id}`} className="text-primary underline">
            {r.siteName}
          </Link>
        ),
        cells: [mw.format(r.capacityMw)],
      }))}
    />
  );
}

/** The tab's content: every chart, following the page's filters. */
export default function InsightsTab({ filters }: { filters: AssetFilters }) {
  const params = toInsightsParams(filters);
  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="insights-title">
      <div>
        <h2 id="insights-title" className="text-lg font-semibold">
          {INSIGHT_MESSAGES.title}
        </h2>
        <p className="text-sm text-slate-700">{INSIGHT_MESSAGES.intro}</p>
      </div>
      <Pipeline params={params} />
      <div className="grid min-w-0 gap-4">
        {INSIGHT_BREAKDOWNS.map((b) => (
          <Breakdown key={b.key} params={params} by={b.key} />
        ))}
      </div>
      <Durations params={params} />
      <Quarters params={params} />
      <Releases params={params} />
      <Largest params={params} />
    </section>
  );
}
