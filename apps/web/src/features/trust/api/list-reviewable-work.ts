import { queryOptions, useQuery } from '@tanstack/react-query';
import { listReviewableWork } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

export const reviewableWorkOptions = () =>
  queryOptions({ queryKey: trustKeys.reviewable, queryFn: async () => (await api.call(listReviewableWork)).data });

export const useReviewableWork = () => useQuery(reviewableWorkOptions());
