import type { ProviderSummary } from '@solar/shared/contracts/providers';
import type { searchProviders } from '@solar/shared/contracts/routes';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import type { ApiOutput } from './api-client';

/**
 * Reading the provider search answer, which the directory and the list-a-tender provider list both
 * call: a list answer must carry success and a data array (docs/product/providers.md#directory).
 */
export type ProviderPage<T = ProviderSummary> = { data: T[]; pagination: ApiOutput<typeof searchProviders>['pagination'] };

/** A list without success and a data array is 'Invalid provider data format' (docs/product/providers.md#directory). */
export function checkListShape<T = ProviderSummary>(body: unknown): ProviderPage<T> {
  const b = body as { success?: unknown; data?: unknown; pagination?: ProviderPage['pagination'] } | null;
  if (!b || typeof b !== 'object' || b.success !== true || !Array.isArray(b.data)) throw new Error(M.invalidFormat);
  return { data: b.data as T[], pagination: b.pagination ?? { page: 1, pages: 1, total: b.data.length } };
}

/**
 * The public provider list (docs/product/providers.md#calls): an answer in an invalid format gives an empty list, not
 * an error. Used by the list-a-tender page's provider list, the spec's reader of the public list.
 */
export function publicListShape(body: unknown): ProviderPage {
  try {
    return checkListShape(body);
  } catch {
    return { data: [], pagination: { page: 1, pages: 1, total: 0 } };
  }
}
