import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { X } from '../../../components/ui/icons';
import { ASSET_MESSAGES } from '@solar/shared/constants/assets';
import { assetFiltersAddress, assetFiltersOf, isAssetFiltersAddress } from '@solar/shared/domain/asset-map-address';
import { formatDate } from '@solar/shared/domain/format';
import { formatCount } from '@solar/shared/domain/count';
import { CollapsibleFilters } from '../../../components/collapsible-filters';
import { Alert } from '../../../components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useMe } from '../../../lib/session/get-me';
import { useAssetSource } from '../api/get-asset-source';
import { RepdChecked } from '../components/repd-freshness';
import { AssetFiltersPanel } from '../components/asset-filters';
import { ASSET_MAP_ID, AssetMap, type AssetPick } from '../components/asset-map';
import { ASSETS_IN_VIEW_HEADING_ID } from '../components/assets-in-view';
import { SkipLinks } from '../../../components/ui/skip-links';
import { activeAssetFilters, DEFAULT_FILTERS, type AssetFilters } from '../state/asset-filters';
import { CHANGED_SINCE_PARAM, ProjectsTable } from '../components/projects-table';
import { useQueryParams } from '../../../lib/use-query-params';
import { tabOfAddress } from './asset-intel-page.handle';
import { INSIGHT_MESSAGES } from '@solar/shared/constants/asset-insights';

/** The Insights tab's charts load only when the tab opens (decision 0490): the charting library stays out of the page's first load. */
const InsightsTab = lazy(() => import('../components/insights/insights-tab'));
/** An asset's tab loads its view (history, nearby providers, its map) when the first one opens (decision 0540). */
const AssetDetailView = lazy(async () => ({ default: (await import('../components/asset-detail')).AssetDetailView }));
import { SaveSearchButton } from '../../../components/save-search/save-search-button';
import { ExportButton } from '../../../components/export/export-button';
import { exportAssetsUrl } from '../api/export-assets';

/** Server rendering and the document head (decision 0370). */
export { handle } from './asset-intel-page.handle';

function SourceNote() {
  const source = useAssetSource();
  if (!source.data) return null;
  const s = source.data;
  return (
    <p className="text-xs text-slate-600" data-testid="asset-source">
      {formatCount(s.assets, 'asset')} from the {s.name} ({s.publisher}), release {s.release ?? 'N/A'}, records updated to {formatDate(s.newestRecord)}, imported{' '}
      {formatDate(s.importedAt)}.<RepdChecked /> {s.attribution}
    </p>
  );
}

/** /asset-intel (docs/product/assets.md#asset-intel-page): permanent Overview and Projects tabs plus closable asset tabs. */
/** Read out with each closable asset tab. */
const CLOSE_HINT_ID = 'asset-tab-close-hint';

export function AssetIntelPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [assetTabs, setAssetTabs] = useState<AssetPick[]>([]);
  // The Overview filters are mirrored into the address (no history entries), so a filtered view can
  // be shared and survives a reload. State stays the source of truth: address updates go through the
  // router asynchronously, and quick changes (slider keys) must build on the latest value.
  const [params, setParams] = useQueryParams();
  // The Projects tab has an address of its own (`?tab=projects`), which the server renders (decision 0370);
  // a shared 'changed since' link opens on the projects table it filters (decision 0396).
  const [tab, setTabState] = useState<string>(() => (params.has(CHANGED_SINCE_PARAM) ? 'projects' : tabOfAddress(params)));
  const setTab = (next: string) => {
    setTabState(next);
    // The Projects and Insights tabs have addresses of their own, which the server renders (decision 0490).
    setParams({ tab: next === 'projects' || next === 'insights' ? next : null });
  };
  const [filters, setFilterState] = useState<AssetFilters>(() => assetFiltersOf(params));
  // What the address held that the filters could not take is dropped from it once (decision 0352).
  useEffect(() => {
    if (!isAssetFiltersAddress(params, filters)) setParams(assetFiltersAddress(filters));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const setFilters = (next: AssetFilters) => {
    setFilterState(next);
    setParams(assetFiltersAddress(next));
  };
  const [resetSignal, setResetSignal] = useState(0);
  const [focusSite, setFocusSite] = useState<{ name: string; seq: number } | null>(null);
  const siteSeq = useRef(0);

  const open = (pick: AssetPick) => {
    setAssetTabs((tabs) => (tabs.some((t) => t.id === pick.id) ? tabs : [...tabs, pick]));
    setTab(`asset-${pick.id}`);
  };
  const close = (id: number) => {
    setAssetTabs((tabs) => tabs.filter((t) => t.id !== id));
    setTab('overview');
  };

  const filterPanel = (
    <CollapsibleFilters id="asset-filters" activeCount={activeAssetFilters(filters)}>
      <aside className="lg:max-h-[1000px] lg:overflow-y-auto lg:pr-2">
        <AssetFiltersPanel
          value={filters}
          onChange={setFilters}
          onClearAll={() => {
            setFilters(DEFAULT_FILTERS);
            setResetSignal((n) => n + 1);
          }}
          onSitePick={(name) => setFocusSite({ name, seq: ++siteSeq.current })}
        />
      </aside>
    </CollapsibleFilters>
  );

  return (
    <div className="relative mx-auto grid max-w-[1400px] grid-cols-1 gap-4 px-4 py-6">
      {/* The filters are some seventy tab stops: these jump past them (issue 19). */}
      {tab === 'overview' && (
        <SkipLinks
          className="absolute top-1 left-4 z-20 flex gap-2"
          links={[
            { target: ASSET_MAP_ID, label: ASSET_MESSAGES.skipToMap },
            { target: ASSETS_IN_VIEW_HEADING_ID, label: ASSET_MESSAGES.skipToAssetList },
          ]}
        />
      )}
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">Asset intelligence</h1>
        <p className="text-sm text-slate-700">Every UK renewable energy project from the government&apos;s planning database, on a map and in a table.</p>
      </header>
      {me.isSuccess && !me.data && (
        <Alert variant="info" title={ASSET_MESSAGES.loginOrRegister}>
          <p>
            <Link to="/auth/login?redirect=/asset-intel" className="font-medium text-primary underline">
              Log in
            </Link>{' '}
            or{' '}
            <Link to="/auth/register" className="font-medium text-primary underline">
              register
            </Link>{' '}
            for free to open any asset&apos;s full record.
          </p>
        </Alert>
      )}
      {/* Inactive tabs unmount, so leaving Overview resets the map-loaded state (docs/product/assets.md#asset-intel-page). */}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Asset intelligence views">
          <TabsTrigger value="overview">{ASSET_MESSAGES.overviewTab}</TabsTrigger>
          <TabsTrigger value="projects">{ASSET_MESSAGES.projectsTab}</TabsTrigger>
          <TabsTrigger value="insights">{INSIGHT_MESSAGES.tab}</TabsTrigger>
          {/* A tab list holds only tabs (axe aria-required-children; issue 28, item 9): an asset tab closes with
              its pointer-only ×, with Delete or Backspace while focused, or with the 'Close tab' button in its panel. */}
          {assetTabs.map((t) => (
            <TabsTrigger
              key={t.id}
              value={`asset-${t.id}`}
              className="max-w-[240px] pr-1.5"
              // eslint-disable-next-line no-restricted-syntax -- not a form field: an asset tab points at how to close it
              aria-describedby={CLOSE_HINT_ID}
              onKeyDown={(event) => {
                if (event.key === 'Delete' || event.key === 'Backspace') {
                  event.preventDefault();
                  close(t.id);
                }
              }}
            >
              <span className="truncate">{t.title}</span>
              <span
                aria-hidden
                data-testid="asset-tab-close"
                className="rounded p-0.5 text-slate-600 hover:bg-muted"
                onPointerDown={(event) => event.stopPropagation()}
                onClick={(event) => {
                  event.stopPropagation();
                  close(t.id);
                }}
              >
                <X className="h-3.5 w-3.5" />
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        <span id={CLOSE_HINT_ID} hidden>
          {ASSET_MESSAGES.closeTabHint}
        </span>
        <TabsContent value="overview">
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
            {filterPanel}
            <div className="grid grid-cols-1 gap-3">
              <div className="flex flex-wrap justify-end gap-2">
                <SaveSearchButton kind="assets" params={params} />
                <ExportButton what={{ counted: null }} files={() => ({ csv: exportAssetsUrl(filters, 'csv'), json: exportAssetsUrl(filters, 'json') })} />
              </div>
              <AssetMap filters={filters} onViewDetails={open} resetSignal={resetSignal} focusSite={focusSite} onSiteFocused={() => setFocusSite(null)} />
              <SourceNote />
            </div>
          </div>
        </TabsContent>
        <TabsContent value="insights">
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
            {filterPanel}
            <div className="grid min-w-0 grid-cols-1 gap-3">
              <p className="text-xs text-slate-600">{INSIGHT_MESSAGES.filtersFollow}</p>
              <Suspense fallback={<p className="text-sm text-slate-600">{INSIGHT_MESSAGES.loading}</p>}>
                <InsightsTab filters={filters} />
              </Suspense>
              <SourceNote />
            </div>
          </div>
        </TabsContent>
        <TabsContent value="projects">
          <div className="grid gap-3">
            <ProjectsTable onOpen={open} />
            <SourceNote />
          </div>
        </TabsContent>
        {assetTabs.map((t) => (
          <TabsContent key={t.id} value={`asset-${t.id}`}>
            <Suspense fallback={<p role="status" className="text-sm text-slate-600">{ASSET_MESSAGES.loadingAsset}</p>}>
              <AssetDetailView id={String(t.id)} />
            </Suspense>
            <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <button type="button" className="text-primary underline" onClick={() => navigate(`/asset-intel/${t.id}`)}>
                Open this asset on its own page
              </button>
              <button type="button" className="text-primary underline" onClick={() => close(t.id)}>
                {ASSET_MESSAGES.closeTab(t.title)}
              </button>
            </p>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
