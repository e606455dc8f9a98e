import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ClaimProviderInput,
  CreateProviderInput,
  Provider,
  UpdateProviderInput,
} from '@solar/shared/contracts/providers';
import { getJson, sendJson, toQueryString } from '../../../lib/api-client';
import { providerKeys } from './keys';

/**
 * PATCH /api/providers/{id} with the changed fields, applied optimistically to the cached profile
 * and rolled back on failure (docs/product/providers.md#profile-editing).
 */
export function useUpdateProvider(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProviderInput) =>
      sendJson<Provider>('PATCH', `/api/providers/${encodeURIComponent(id)}`, changes),
    onMutate: async (changes) => {
      await client.cancelQueries({ queryKey: providerKeys.detail(id) });
      const previous = client.getQueryData<Provider>(providerKeys.detail(id));
      if (previous)
        client.setQueryData<Provider>(providerKeys.detail(id), { ...previous, ...(changes as Partial<Provider>) });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) client.setQueryData(providerKeys.detail(id), context.previous);
    },
    onSuccess: (provider) => {
      client.setQueryData(providerKeys.detail(id), provider);
      void client.invalidateQueries({ queryKey: ['providers', 'search'] });
    },
  });
}

/** POST /api/providers/{id}/place: the gazetteer position of the location; the profile is refetched. */
export function useUpdatePlace(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { location: string; businessName?: string }) =>
      sendJson<{ success: true }>('POST', `/api/providers/${encodeURIComponent(id)}/place`, body),
    onSettled: () => client.invalidateQueries({ queryKey: providerKeys.detail(id) }),
  });
}

export function useCreateProvider() {
  return useMutation({
    mutationFn: (input: CreateProviderInput) =>
      sendJson<{ success: true; data: Provider }>('POST', '/api/providers', input),
  });
}

export function useClaimProvider(id: string) {
  const client = useQueryClient();
  return useMutation({
    // The client always sends force: true (docs/product/providers.md#claims).
    mutationFn: (input: Omit<ClaimProviderInput, 'force'>) =>
      sendJson<{ success: true; message: string }>('POST', `/api/providers/${encodeURIComponent(id)}/claim`, {
        ...input,
        force: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.detail(id) }),
  });
}

export function useDeleteMedia(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      sendJson<{ success: true }>(
        'DELETE',
        `/api/providers/${encodeURIComponent(id)}/media/${encodeURIComponent(fileId)}`,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.detail(id) }),
  });
}

export interface CheckNameResult {
  exists: boolean;
  provider: { id: string; slug: string; businessName: string } | null;
}

export const checkProviderName = (name: string) =>
  getJson<CheckNameResult>(`/api/providers/public/check-name${toQueryString({ name })}`);
