import type { TenderBoardQuery } from '../state/tender-board-filters';

/** Query keys of the tenders feature (one factory per feature, docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const tenderKeys = {
  all: ['tenders'] as const,
  publicList: (params: TenderBoardQuery) => ['tenders', 'public', params] as const,
  detail: (id: string) => ['tenders', 'detail', id] as const,
  freshness: ['tenders', 'freshness'] as const,
  mine: ['tenders', 'mine'] as const,
  saved: ['tenders', 'saved'] as const,
  watch: (id: string) => ['tenders', 'watch', id] as const,
  invitable: (params: object) => ['tenders', 'invitable-providers', params] as const,
  siteSearch: (search: string) => ['tenders', 'site-assets', search] as const,
  siteAsset: (id: number) => ['tenders', 'site-assets', 'detail', id] as const,
};
