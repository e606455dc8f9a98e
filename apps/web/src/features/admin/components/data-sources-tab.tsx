import type { DataSourceStatus } from '@solar/shared/contracts/admin';
import { DATA_SOURCE_MESSAGES } from '@solar/shared/constants/data-sources';
import { formatCount } from '@solar/shared/domain/count';
import { formatDate } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useDataSources, useRunDataSource } from '../api/list-data-sources';
import { ListSkeleton, LoadError, failed } from './shared';

const when = (iso: string | null) => (iso ? formatDate(iso, 'dd/MM/yyyy HH:mm') : 'Never');

/** Data sources (decision 0393): each feed's status, its counts, and Run now. */
export function DataSourcesTab() {
  const sources = useDataSources();
  return (
    <section aria-labelledby="data-sources-heading" className="grid gap-4">
      <div>
        <h2 id="data-sources-heading" className="text-xl font-semibold text-slate-900">
          Data sources
        </h2>
        <p className="text-sm text-muted-foreground">
          The public feeds the server reads by itself: where notices and planning data come from, how fast each source is read, and what each run
          kept, merged and dropped.
        </p>
      </div>
      {sources.isPending ? (
        <ListSkeleton />
      ) : sources.isError ? (
        <LoadError message={sources.error.message || 'Failed to fetch the data sources'} onRetry={() => void sources.refetch()} />
      ) : (
        <ul className="grid gap-3">
          {sources.data.map((source) => (
            <SourceCard key={source.id} source={source} />
          ))}
        </ul>
      )}
    </section>
  );
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

function SourceCard({ source }: { source: DataSourceStatus }) {
  const run = useRunDataSource();
  const waiting = source.backoffUntil && new Date(source.backoffUntil) > new Date();
  const state = !source.enabled
    ? { label: 'Off', variant: 'secondary' as const }
    : source.lastError
      ? { label: 'Failing', variant: 'destructive' as const }
      : source.lastPause
        ? { label: 'Paused', variant: 'outline' as const }
        : source.lastSuccessAt
          ? { label: 'Up to date', variant: 'success' as const }
          : { label: 'Not run yet', variant: 'outline' as const };
  const onRun = () =>
    run.mutateAsync(source.id).then(
      () => toast({ title: source.label, description: DATA_SOURCE_MESSAGES.runQueued, variant: 'success' }),
      (error: Error) => failed(error, 'Failed to start the run'),
    );
  const reasons = Object.entries(source.lastRunReasons).sort((a, b) => b[1] - a[1]);
  const offId = `data-source-off-${source.id}`;
  return (
    <li className="rounded-lg border border-border bg-white p-4" aria-label={source.label}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{source.label}</span>
            <Badge variant={state.variant}>{state.label}</Badge>
            <Badge variant="outline">{source.role === 'legacy' ? 'Legacy source' : 'Primary source'}</Badge>
          </p>
          <p className="text-sm text-slate-700">{source.roleNote}</p>
          <p className="text-sm text-slate-700">At most one request every {seconds(source.pacingMs)}.</p>
          {!source.enabled && (
            <p id={offId} className="text-sm text-slate-900">
              {source.offReason} {source.howToSwitchOn}
            </p>
          )}
          {source.startupImport && (
            <p className="text-sm text-slate-700">
              Imported at start-up {when(source.startupImport.at)}: {source.startupImport.what}, {formatCount(source.startupImport.read, 'item')} read,{' '}
              {formatCount(source.startupImport.kept, 'kept', 'kept')}, {formatCount(source.startupImport.dropped, 'dropped', 'dropped')}.
            </p>
          )}
          {(source.enabled || source.lastRunAt) && (
            <p className="text-sm text-slate-700">
              Last run {when(source.lastRunAt)} · last success {when(source.lastSuccessAt)}
              {source.enabled && source.nextRunAt ? ` · next ${when(waiting ? source.backoffUntil : source.nextRunAt)}` : ''}
            </p>
          )}
          {source.lastRunAt && (
            <div className="text-sm text-slate-700">
              <p>
                Last run: {formatCount(source.lastRun.read, 'item')} read, {formatCount(source.lastRun.kept, 'kept', 'kept')},{' '}
                {formatCount(source.lastRun.merged, 'merged as duplicate', 'merged as duplicates')}, {formatCount(source.lastRun.dropped, 'dropped', 'dropped')},{' '}
                {formatCount(source.lastRun.invalid, 'unreadable', 'unreadable')}.
              </p>
              {reasons.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-muted-foreground" aria-label={`${source.label}: why items were dropped or cut`}>
                  {reasons.map(([reason, count]) => (
                    <li key={reason}>
                      {reason}: {count}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {(source.totals.read > 0 || source.totals.errors > 0) && (
            <p className="text-sm text-muted-foreground">
              All runs: {formatCount(source.totals.read, 'item')} read, {formatCount(source.totals.kept, 'kept', 'kept')},{' '}
              {formatCount(source.totals.merged, 'merged as duplicate', 'merged as duplicates')}, {formatCount(source.totals.dropped, 'dropped as not relevant', 'dropped as not relevant')},{' '}
              {formatCount(source.totals.invalid, 'unreadable', 'unreadable')}, {formatCount(source.totals.errors, 'failed run')}
            </p>
          )}
          {source.lastPause && <p className="text-sm text-slate-700">Paused: {source.lastPause}</p>}
          {source.lastError && (
            <p className="break-all text-sm text-red-800">
              {when(source.lastErrorAt)}: {source.lastError}
              {waiting ? ` (the source asked us to wait until ${when(source.backoffUntil)})` : ''}
            </p>
          )}
        </div>
        <Button
          variant="secondary"
          onClick={() => void onRun()}
          disabled={!source.enabled || run.isPending}
          // eslint-disable-next-line no-restricted-syntax -- not a form field: a disabled button points at why it is disabled
          aria-describedby={source.enabled ? undefined : offId}
        >
          Run now
        </Button>
      </div>
    </li>
  );
}
