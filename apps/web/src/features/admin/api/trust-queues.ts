import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSupplierProfile,
  decideSupplierMatch,
  listAdminAccreditations,
  listAdminReviews,
  listSupplierSuggestions,
  moderateReview,
  verifyAccreditation,
} from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/**
 * The admin's trust queues (issue 31): accreditations to verify, reviews to moderate, award
 * suppliers to match. One file for the seven calls of the three tabs, which share their keys.
 */

type AccreditationStatus = 'waiting' | 'self-declared' | 'verified' | 'expired';
export const useAdminAccreditations = (status: AccreditationStatus, page: number) =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.trust('accreditations', { status, page }),
      queryFn: () => api.call(listAdminAccreditations, { query: { status, page } }),
      placeholderData: keepPreviousData,
    }),
  );

export const useAdminReviews = (status: 'flagged' | 'published' | 'removed', page: number) =>
  useQuery(
    queryOptions({ queryKey: adminKeys.trust('reviews', { status, page }), queryFn: () => api.call(listAdminReviews, { query: { status, page } }), placeholderData: keepPreviousData }),
  );

export const useSupplierSuggestions = (page: number) =>
  useQuery(queryOptions({ queryKey: adminKeys.trust('matches', { page }), queryFn: () => api.call(listSupplierSuggestions, { query: { page } }), placeholderData: keepPreviousData }));

function useTrustMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'trust'] }) });
}

export const useVerifyAccreditation = () =>
  useTrustMutation(({ id, decision, note }: { id: string; decision: 'verify' | 'decline'; note: string }) => api.call(verifyAccreditation, { params: { id }, body: { decision, note } }));
export const useModerateReview = () =>
  useTrustMutation(({ id, action, reason }: { id: string; action: 'remove' | 'keep'; reason: string }) => api.call(moderateReview, { params: { id }, body: { action, reason } }));
export const useDecideSupplierMatch = () =>
  useTrustMutation((body: { tenderId: string; supplierName: string; providerId: string; decision: 'confirm' | 'reject' }) => api.call(decideSupplierMatch, { body }));
export const useCreateSupplierProfile = () => useTrustMutation((body: { tenderId: string; supplierName: string }) => api.call(createSupplierProfile, { body }));
