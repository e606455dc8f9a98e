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
  // A tender's lifecycle parts, under its detail key so a write to the tender refreshes them.
  documents: (id: string) => ['tenders', 'detail', id, 'documents'] as const,
  responses: (id: string) => ['tenders', 'detail', id, 'responses'] as const,
  myResponses: (id: string) => ['tenders', 'detail', id, 'my-responses'] as const,
  invitations: (id: string) => ['tenders', 'detail', id, 'email-invitations'] as const,
  events: (id: string) => ['tenders', 'detail', id, 'events'] as const,
  invitationPreview: (id: string) => ['tenders', 'invitation-preview', id] as const,
  invitedProviders: (id: string) => ['tenders', 'detail', id, 'invited-providers'] as const,
  intent: (id: string) => ['tenders', 'detail', id, 'intent'] as const,
  invitees: (id: string) => ['tenders', 'detail', id, 'invitees'] as const,
  siteProviders: (assetId: string) => ['tenders', 'site-providers', assetId] as const,
  // Evaluation and pricing (issue 27 part B), under the detail key as well.
  criteria: (id: string) => ['tenders', 'detail', id, 'criteria'] as const,
  pricingSchedule: (id: string) => ['tenders', 'detail', id, 'pricing-schedule'] as const,
  responsePrices: (id: string, responseId: string) => ['tenders', 'detail', id, 'response-prices', responseId] as const,
  evaluators: (id: string) => ['tenders', 'detail', id, 'evaluators'] as const,
  evaluation: (id: string) => ['tenders', 'detail', id, 'evaluation'] as const,
  evaluating: ['tenders', 'evaluating'] as const,
  // Issue 27 part C (decisions 0524–0528).
  clarifications: (id: string) => ['tenders', 'detail', id, 'clarifications'] as const,
  addenda: (id: string) => ['tenders', 'detail', id, 'addenda'] as const,
  contract: (id: string) => ['tenders', 'detail', id, 'contract'] as const,
};
