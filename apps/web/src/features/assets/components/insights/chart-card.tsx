import type { ReactNode } from 'react';
import { Download } from '../../../../components/ui/icons';
import { INSIGHT_MESSAGES } from '@solar/shared/constants/asset-insights';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/skeleton';

/**
 * One chart of the Insights tab (decision 0490): its title and note, the chart and the table of
 * every figure side by side on wide screens (stacked below 1536 px, where the table would be cut), and the download of exactly those figures.
 */
export function ChartCard({
  id,
  title,
  note,
  files,
  controls,
  state,
  chart,
  table,
  emptyText = INSIGHT_MESSAGES.empty,
}: {
  id: string;
  title: string;
  note?: string;
  files: { csv: string; json: string };
  controls?: ReactNode;
  state: { pending: boolean; error: Error | null; empty: boolean; retry: () => unknown };
  /** What an empty answer says (by default: nothing matches the filters). */
  emptyText?: string;
  /** Left out where the tables are the whole answer. */
  chart?: ReactNode;
  table: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5" aria-labelledby={id} role="region">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
        </div>
        <div className="flex shrink-0 gap-2 text-sm">
          <a className="inline-flex items-center gap-1 font-medium text-primary underline" href={files.csv} download aria-label={`${INSIGHT_MESSAGES.downloadCsv}: ${title}`}>
            <Download className="h-3.5 w-3.5" aria-hidden />
            CSV
          </a>
          <a className="font-medium text-primary underline" href={files.json} download aria-label={`Download JSON: ${title}`}>
            JSON
          </a>
        </div>
      </div>
      {controls && <div className="mt-3 flex flex-wrap gap-2">{controls}</div>}
      <div className="mt-3">
        {state.pending ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">{INSIGHT_MESSAGES.loading}</span>
            <Skeleton className="h-40 w-full" />
          </div>
        ) : state.error ? (
          <Alert variant="destructive" title={INSIGHT_MESSAGES.failed}>
            {state.error.message !== INSIGHT_MESSAGES.failed && <p>{state.error.message}</p>}
            <div>
              <Button type="button" size="sm" variant="secondary" onClick={() => void state.retry()}>
                {INSIGHT_MESSAGES.retry}
              </Button>
            </div>
          </Alert>
        ) : state.empty ? (
          <p className="text-sm text-slate-600">{emptyText}</p>
        ) : chart === undefined ? (
          // Lists that are their own picture (the largest projects): the tables alone, in full.
          <div className="min-w-0 overflow-x-auto">{table}</div>
        ) : (
          <div className="grid min-w-0 gap-4 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div className="min-w-0">{chart}</div>
            <div className="max-h-80 min-w-0 overflow-auto rounded border border-border" tabIndex={0} role="region" aria-label={`Table: ${title}`}>
              {table}
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}

/** A plain accessible table: a caption, column headings and row headings. */
export function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: Array<{ key: string; head: ReactNode; cells: ReactNode[] }> }) {
  return (
    <table className="w-full border-collapse text-left text-xs sm:text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-muted">
        <tr>
          {columns.map((c, i) => (
            <th key={`${i}-${c}`} scope="col" className={`px-2 py-1.5 font-semibold text-slate-800 ${i > 0 ? 'text-right' : ''}`}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-t border-border">
            <th scope="row" className="px-2 py-1 font-normal text-slate-800">
              {r.head}
            </th>
            {r.cells.map((c, i) => (
              <td key={i} className="px-2 py-1 text-right tabular-nums text-slate-800">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A row of choice buttons (a toggle group). */
export function Choices<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: ReadonlyArray<{ key: T; label: string }>; onChange: (next: NoInfer<T>) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-md bg-muted p-1">
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          aria-pressed={o.key === value}
          onClick={() => onChange(o.key)}
          className={`rounded px-2.5 py-1 text-xs font-medium ${o.key === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:bg-white/60'}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
