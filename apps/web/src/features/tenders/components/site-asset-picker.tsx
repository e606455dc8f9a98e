import { useId, useState } from 'react';
import { Loader2, MapPin, Search } from '../../../components/ui/icons';
import type { tenderSiteFromAsset } from '@solar/shared/domain/tenders';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useLoadSiteAsset, useSiteAssetSearch } from '../api/site-assets';

export type PickedSite = ReturnType<typeof tenderSiteFromAsset>;

/**
 * Choose the tender's site from asset intelligence (decision 0407): type two letters of a site's
 * name, pick one of at most five matches; the form takes its place, point and capacity, as the
 * asset page's 'List a tender for this site' link does.
 */
export function SiteAssetPicker({ onPick }: { onPick(site: PickedSite): void }) {
  const [search, setSearch] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState<number | null>(null);
  const results = useSiteAssetSearch(search);
  const load = useLoadSiteAsset();
  const listId = useId();
  const typed = search.trim().length > 1;
  return (
    <div className="grid gap-2">
      <Field id="tender-site-search" label="Choose the site from asset intelligence" hint="Type part of a site's name; its place and capacity fill the tender." error={error || undefined}>
        {(control) => (
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
            <Input
              {...control}
              type="search"
              className="pl-9"
              autoComplete="off"
              maxLength={200}
              aria-controls={listId}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setError('');
              }}
            />
          </div>
        )}
      </Field>
      <div id={listId} aria-live="polite">
        {typed && results.isFetching && !results.data && <p className="text-sm text-muted-foreground">Searching…</p>}
        {typed && results.isError && (
          <p role="alert" className="text-sm text-destructive">
            {results.error.message}
          </p>
        )}
        {typed && results.data && results.data.length === 0 && <p className="text-sm text-muted-foreground">No sites match “{search.trim()}”.</p>}
        {typed && results.data && results.data.length > 0 && (
          <ul className="grid gap-1" aria-label="Matching sites">
            {results.data.map((site) => (
              <li key={site.id}>
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-auto w-full justify-start whitespace-normal py-2 text-left"
                  disabled={loading !== null}
                  onClick={async () => {
                    setLoading(site.id);
                    setError('');
                    try {
                      onPick(await load(site.id));
                      setSearch('');
                    } catch (err) {
                      setError(err instanceof Error ? err.message : String(err));
                    } finally {
                      setLoading(null);
                    }
                  }}
                >
                  {loading === site.id ? <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden /> : <MapPin className="h-4 w-4 shrink-0" aria-hidden />}
                  <span className="min-w-0 break-words">
                    {site.siteName}
                    {/* Two REPD records of one name (an extension, another phase) told apart (issue 27 defect 11). */}
                    <span className="text-muted-foreground"> · {siteFacts(site)}</span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** 'Bristol, South West · Solar Photovoltaics 12 MW · Operational' */
function siteFacts(site: { county: string | null; region: string | null; technology: string | null; capacityMw: number | null; status: string | null }) {
  const place = [site.county, site.region].filter(Boolean).join(', ');
  const what = [site.technology, site.capacityMw != null ? `${site.capacityMw} MW` : null].filter(Boolean).join(' ');
  return [place, what, site.status].filter(Boolean).join(' · ');
}
