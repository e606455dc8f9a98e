import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSavedSearchInput } from '@solar/shared/contracts/alerts';
import { createSavedSearch } from '@solar/shared/contracts/routes';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import { api } from './api-client';

/** The alerts feature's query keys that a new saved search makes stale (features/alerts/api/keys.ts names the same). */
export const SAVED_SEARCHES_KEY = ['alerts', 'searches'] as const;

/**
 * POST /api/saved-searches (decision 0471). Here rather than in a feature because the directory, the
 * tender board and asset intelligence all offer 'Save search'.
 */
export function useCreateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateSavedSearchInput) => (await api.call(createSavedSearch, { body }, { fallback: M.saveFailed })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}
