import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { ChevronDown, ChevronRight, ExternalLink, Pause, Pencil, Play, Trash2 } from '../../../components/ui/icons';
import { ALERT_MESSAGES as M, SAVED_SEARCH_KIND_LABELS, SAVED_SEARCH_KIND_MATCHES } from '@solar/shared/constants/alerts';
import type { SavedSearch } from '@solar/shared/contracts/alerts';
import { formatCount } from '@solar/shared/domain/count';
import { formatDate } from '@solar/shared/domain/format';
import { addressOf, describeCriteria, type CriteriaInput } from '@solar/shared/domain/saved-search-address';
import { describeSchedule } from '../../../components/save-search/schedule-fields';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useDeleteSavedSearch, useSavedSearches, useSavedSearchMatches, useUpdateSavedSearch } from '../api/list-saved-searches';
import { useUnwatchTender, useWatchedTenders } from '../api/list-watched-tenders';
import { EditSavedSearchDialog } from './edit-saved-search-dialog';

const when = (iso: string | null) => (iso ? formatDate(iso, 'dd/MM/yyyy HH:mm') : '');
const failed = (error: Error, fallback: string) => toast({ title: 'Error', description: error.message || fallback, variant: 'destructive' });

/** The dashboard's 'Saved searches' tab (decision 0471): each search with its schedule and last matches; the watched tenders. */
export function SavedSearchesTab() {
  const searches = useSavedSearches();
  const [params] = useSearchParams();
  const focus = params.get('search');
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{M.tabTitle}</CardTitle>
          <p className="text-sm text-muted-foreground">{M.tabIntro}</p>
        </CardHeader>
        <CardContent>
          {searches.isPending ? (
            <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading">
              {[0, 1].map((i) => (
                <div key={i} className="h-24 animate-pulse rounded-lg bg-muted" />
              ))}
            </div>
          ) : searches.isError ? (
            <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
              <span>{searches.error.message || M.fetchFailed}</span>
              <button type="button" className="font-medium underline underline-offset-4" onClick={() => void searches.refetch()}>
                Retry
              </button>
            </div>
          ) : searches.data.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">{M.empty}</p>
          ) : (
            <ul className="grid gap-3">
              {searches.data.map((s) => (
                <SearchCard key={s.id} search={s} initiallyOpen={s.id === focus} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <WatchedTenders />
    </div>
  );
}

function SearchCard({ search, initiallyOpen }: { search: SavedSearch; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const criteria = search.criteria as CriteriaInput;
  const togglePause = () =>
    update.mutate(
      { id: search.id, body: { kind: search.kind, paused: !search.paused } },
      { onSuccess: () => toast({ title: M.updated, description: search.name, variant: 'success' }), onError: (e) => failed(e, M.updateFailed) },
    );
  return (
    <li className="rounded-lg border border-border bg-white p-4" aria-label={search.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-words font-medium text-slate-900">{search.name}</span>
            <Badge variant="outline">{SAVED_SEARCH_KIND_LABELS[search.kind]}</Badge>
            {search.paused && <Badge variant="secondary">{M.paused}</Badge>}
          </p>
          <p className="break-words text-sm text-slate-700">{describeCriteria(search.kind, criteria)}</p>
          <p className="text-sm text-muted-foreground">
            {describeSchedule({ frequency: search.frequency, hour: search.hour, weekday: search.weekday })} · {SAVED_SEARCH_KIND_MATCHES[search.kind]} ·{' '}
            {formatCount(search.matches, 'match', 'matches')} so far
            {search.nextDigestAt && !search.paused ? ` · next email ${when(search.nextDigestAt)}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={addressOf(search.kind, criteria)} className={buttonClasses('secondary', 'sm')}>
            <ExternalLink className="h-4 w-4" aria-hidden />
            {M.open}
          </Link>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`${M.edit} ${search.name}`}>
            <Pencil className="h-4 w-4" aria-hidden />
            {M.edit}
          </Button>
          <Button size="sm" variant="secondary" onClick={togglePause} disabled={update.isPending} aria-label={`${search.paused ? M.resume : M.pause} ${search.name}`}>
            {search.paused ? <Play className="h-4 w-4" aria-hidden /> : <Pause className="h-4 w-4" aria-hidden />}
            {search.paused ? M.resume : M.pause}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeleting(true)} aria-label={`${M.delete} ${search.name}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
            {M.delete}
          </Button>
        </div>
      </div>
      <button type="button" className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {open ? <ChevronDown className="h-4 w-4" aria-hidden /> : <ChevronRight className="h-4 w-4" aria-hidden />}
        {M.matchesTitle}
      </button>
      {open && <Matches id={search.id} />}
      {editing && <EditSavedSearchDialog search={search} open={editing} onOpenChange={setEditing} />}
      <Dialog open={deleting} onOpenChange={setDeleting} title={M.delete} description={M.confirmDelete(search.name)}>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(search.id, {
                onSuccess: () => {
                  setDeleting(false);
                  toast({ title: M.deleted, description: search.name, variant: 'success' });
                },
                onError: (e) => failed(e, M.deleteFailed),
              })
            }
          >
            {M.delete}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

function Matches({ id }: { id: string }) {
  const matches = useSavedSearchMatches(id, true);
  if (matches.isPending) return <p className="mt-2 text-sm text-muted-foreground">Loading...</p>;
  if (matches.isError) return <p className="mt-2 text-sm text-red-800">{matches.error.message}</p>;
  if (matches.data.length === 0) return <p className="mt-2 text-sm text-muted-foreground">{M.noMatches}</p>;
  return (
    <ul className="mt-2 grid gap-2">
      {matches.data.map((m) => (
        <li key={`${m.itemType}:${m.itemId}`} className="text-sm">
          <Link to={m.link} className="font-medium text-primary underline-offset-4 hover:underline">
            {m.title}
          </Link>
          {m.detail && <span className="text-slate-700"> · {m.detail}</span>}
          <span className="text-muted-foreground"> · {m.mailedAt ? `sent ${when(m.mailedAt)}` : `found ${when(m.matchedAt)}`}</span>
        </li>
      ))}
    </ul>
  );
}

function WatchedTenders() {
  const watched = useWatchedTenders();
  const unwatch = useUnwatchTender();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Watched tenders</CardTitle>
        <p className="text-sm text-muted-foreground">{M.watchHint}</p>
      </CardHeader>
      <CardContent>
        {watched.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : watched.isError ? (
          <p className="text-sm text-red-800">{watched.error.message}</p>
        ) : watched.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">No watched tenders. Use &quot;Watch&quot; on a tender&apos;s page.</p>
        ) : (
          <ul className="grid gap-2">
            {watched.data.map((w) => (
              <li key={w.tenderId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2">
                <Link to={`/tender/${w.tenderId}`} className="min-w-0 break-words font-medium text-primary hover:underline">
                  {w.title}
                </Link>
                <Button size="sm" variant="secondary" disabled={unwatch.isPending} onClick={() => unwatch.mutate(w.tenderId, { onError: (e) => failed(e, M.watchFailed) })} aria-label={`Stop watching ${w.title}`}>
                  Stop watching
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
