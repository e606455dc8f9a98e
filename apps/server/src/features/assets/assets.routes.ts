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
import { isoDay } from '../../db/sql-helpers';
import { bind } from '../../plugins/routes';
import { listAssetProviders as listServingProviders } from './asset-providers.service';
import * as service from './assets.service';

/** Asset intelligence (docs/product/assets.md#calls): the map, type-aheads, the projects table and asset detail. */
export function assetsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // The map and the projects table: the same for everyone, kept until an asset row changes (decision 0430).
  bind(app, getAssetCoordinates, async ({ query }) => service.assetCoordinates(ctx, query), { cache: { scope: 'public', tags: () => ['assets'] } });
  bind(app, listAssetOperators, async ({ query }) => service.listAssetOperators(ctx, query.search));
  bind(app, listAssetSites, async ({ query }) => service.listAssetSites(ctx, query.search));
  bind(app, getAssetSource, async () => service.getAssetSource(ctx));
  bind(app, listAssetProjects, async ({ query }, reply) => {
    // The export streams the whole table as CSV: never kept (the cache keeps only the table's pages).
    if (query.export) {
      const day = isoDay(ctx.clock.now());
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="tenders-${day}.csv"`)
        .header('Cache-Control', 'no-store');
      return reply.send(service.exportProjects(ctx, query));
    }
    return service.projects(ctx, query);
  }, { cache: { scope: 'public', tags: () => ['assets'] } });
  // docs/product/assets.md#asset-detail: details need login; `access: 'user'` answers 401 to visitors (docs/decisions/0193).
  bind(app, getAsset, async ({ params }) => service.getAsset(ctx, params.id));
  // 'Providers serving this site' (docs/decisions/0198): also signed-in only, like the details.
  bind(app, listAssetProviders, async ({ params, query }) => listServingProviders(ctx, params.id, query.offset, query.limit));
}
