import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimProviderInput, CreateProviderInput, Provider, UpdateProviderInput } from '@solar/shared/contracts/providers';
import {
  checkProviderName as checkProviderNameRoute,
  claimProvider,
  createProvider,
  deleteProviderMedia,
  updateProvider,
  updateProviderPlace,
} from '@solar/shared/contracts/routes';
import { api, type ApiOutput } from '../../../lib/api-client';
import { providerKeys } from './keys';

/**
 * The changed fields, applied optimistically to the cached profile and rolled back on failure
 * (docs/product/providers.md#profile-editing).
 */
export function useUpdateProvider(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProviderInput) => api.call(updateProvider, { params: { id }, body: changes }),
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

/** The gazetteer position of the location; the profile is refetched. */
export function useUpdatePlace(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { location: string; businessName?: string; locationCenter?: [number, number] }) =>
      api.call(updateProviderPlace, { params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: providerKeys.detail(id) }),
  });
}

export function useCreateProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProviderInput) => api.call(createProvider, { body: input }),
    // A first profile changes what the account may do everywhere (respond to a tender, its dashboard):
    // nothing read before it stays fresh, so a response form left for it opens on the way back (issue 27 defect 10).
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useClaimProvider(id: string) {
  const client = useQueryClient();
  return useMutation({
    // The client always sends force: true (docs/product/providers.md#claims).
    mutationFn: (input: Omit<ClaimProviderInput, 'force'>) => api.call(claimProvider, { params: { id }, body: { ...input, force: true } }),
    // The page may hold the profile under its slug: refresh every cached profile so the claimant
    // sees 'Claim pending review' at once (decision 0368).
    onSuccess: () => client.invalidateQueries({ queryKey: ['providers', 'detail'] }),
  });
}

export function useDeleteMedia(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.call(deleteProviderMedia, { params: { id, fileId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: providerKeys.detail(id) }),
  });
}

export type CheckNameResult = ApiOutput<typeof checkProviderNameRoute>;

export const checkProviderName = (name: string) => api.call(checkProviderNameRoute, { query: { name } });
