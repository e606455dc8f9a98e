import { queryOptions, useQuery } from '@tanstack/react-query';
import { listProviderReviews } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

export const providerReviewsOptions = (providerId: string, page = 1) =>
  queryOptions({ queryKey: trustKeys.reviews(providerId, page), queryFn: () => api.call(listProviderReviews, { params: { id: providerId }, query: { page } }) });

export const useProviderReviews = (providerId: string, page = 1) => useQuery(providerReviewsOptions(providerId, page));
