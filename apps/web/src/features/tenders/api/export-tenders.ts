import type { ExportFormat } from '@solar/shared/constants/exports';
import { exportTenders } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import type { TenderBoardQuery } from '../state/tender-board-filters';

/** The tender board's whole result as a file, with its filters and order (docs/product/exports.md): only what any visitor may see. */
export function exportTendersUrl(board: TenderBoardQuery, format: ExportFormat): string {
  const { page: _page, limit: _limit, ...query } = board;
  return api.url(exportTenders, { query: { ...query, format } });
}
