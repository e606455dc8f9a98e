import type { FastifyInstance } from 'fastify';
import {
  getAsset,
  getAssetCoordinates,
  getAssetSource,
  listAssetOperators,
  listAssetProviders,
  listAssetProjects,
  listAssetSites,
} from '@solar/shared/contracts/assets';
import {
  getAssetPipeline,
  listAssetBreakdown,
  listAssetDurations,
  listAssetQuarters,
  listAssetReleases,
  listLargestAssets,
} from '@solar/shared/contracts/asset-insights';
import { bind } from '../../plugins/routes';
import { listAssetProviders as listServingProviders } from './asset-providers.service';
import * as service from './assets.service';
import * as insights from './asset-insights.service';
import { exportProjects } from './asset-export.service';

/** Asset intelligence (docs/product/assets.md#calls): the map, type-aheads, the projects table and asset detail. */
export function assetsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // The map and the projects table: the same for everyone, kept until an asset row changes (decision 0430).
  bind(app, getAssetCoordinates, async ({ query }) => service.assetCoordinates(ctx, query), { cache: { scope: 'public', tags: () => ['assets'] } });
  bind(app, listAssetOperators, async ({ query }) => service.listAssetOperators(ctx, query.search));
  bind(app, listAssetSites, async ({ query }) => service.listAssetSites(ctx, query.search));
  bind(app, getAssetSource, async () => service.getAssetSource(ctx));
  bind(app, listAssetProjects, async ({ query }, reply) => {
    // docs/product/assets.md#export: `export=true` downloads the CSV; `format` chooses CSV or JSON (decision 0491).
    // An export streams every page: never kept (the cache keeps only the table's pages).
    if (query.export || query.format) return exportProjects(ctx, reply, query, query.format ?? 'csv');
    return service.projects(ctx, query);
  }, { cache: { scope: 'public', tags: () => ['assets'] } });
  // docs/product/assets.md#asset-detail: details need login; `access: 'user'` answers 401 to visitors (docs/decisions/0193).
  bind(app, getAsset, async ({ params }) => service.getAsset(ctx, params.id));
  // 'Providers serving this site' (docs/decisions/0198): also signed-in only, like the details.
  bind(app, listAssetProviders, async ({ params, query }) => listServingProviders(ctx, params.id, query.offset, query.limit));

  // The Insights tab (decision 0490); `format` downloads what the chart shows (decision 0491). Not cached here:
  // the tables counted ahead answer them (decision 0490).
  bind(app, listAssetBreakdown, async ({ query }, reply) => {
    const answer = await insights.listBreakdown(ctx, query, query.by);
    return query.format ? insights.sendChart(ctx, reply, query.format, `by-${query.by}`, insights.breakdownColumns(query.by), answer.data) : answer;
  });
  bind(app, getAssetPipeline, async ({ query }, reply) => {
    const answer = await insights.getPipeline(ctx, query);
    return query.format ? insights.sendChart(ctx, reply, query.format, 'pipeline', insights.PIPELINE_COLUMNS, answer.data) : answer;
  });
  bind(app, listAssetDurations, async ({ query }, reply) => {
    const answer = await insights.listDurations(ctx, query, query.by);
    const rows = [...answer.data, answer.all];
    return query.format ? insights.sendChart(ctx, reply, query.format, `durations-by-${query.by}`, insights.durationColumns(query.by), rows) : answer;
  });
  bind(app, listAssetQuarters, async ({ query }, reply) => {
    const answer = await insights.listQuarters(ctx, query);
    return query.format ? insights.sendChart(ctx, reply, query.format, 'quarters', insights.QUARTER_COLUMNS, answer.data) : answer;
  });
  bind(app, listAssetReleases, async ({ query }, reply) => {
    const answer = await insights.listReleases(ctx, query);
    return query.format ? insights.sendChart(ctx, reply, query.format, 'releases', insights.RELEASE_COLUMNS, answer.data) : answer;
  });
  bind(app, listLargestAssets, async ({ query }, reply) => {
    const answer = await insights.listLargest(ctx, query);
    return query.format ? insights.sendChart(ctx, reply, query.format, 'largest', insights.LARGEST_COLUMNS, answer.data) : answer;
  });
}
