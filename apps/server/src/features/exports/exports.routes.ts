import type { FastifyInstance } from 'fastify';
import { exportAssets, exportBuyerAwards, exportProviders, exportTenders } from '@solar/shared/contracts/exports';
import { bind } from '../../plugins/routes';
import { exportAssets as exportMapSelection } from '../assets/asset-export.service';
import { exportDirectory } from '../providers/provider-export.service';
import { exportBuyerAwards as exportAwardsOfBuyer } from '../trust/buyer-awards-export.service';
import { exportTenderBoard } from '../tenders/tender-export.service';

/**
 * Exports of what a page shows (docs/product/exports.md, decision 0491), each through its page's
 * own query; the writer is platform/export.ts (a feature adds its export with `sendExport`). The
 * projects table's export is its spec call (assets.routes.ts), each chart's is its own call's `format`.
 * Not cached: an export is streamed once to the one who asked.
 */
export function exportsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  bind(app, exportProviders, async ({ query }, reply) => exportDirectory(ctx, reply, query));
  bind(app, exportTenders, async ({ query }, reply) => exportTenderBoard(ctx, reply, query));
  bind(app, exportAssets, async ({ query, user }, reply) => exportMapSelection(ctx, reply, query, user));
  bind(app, exportBuyerAwards, async ({ params, query }, reply) => exportAwardsOfBuyer(ctx, reply, params.slug, query.format));
}
