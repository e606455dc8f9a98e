import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput } from '@solar/shared/contracts/trust';
import { createReview } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

export function useCreateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateReviewInput) => (await api.call(createReview, { body })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: trustKeys.all });
      void client.invalidateQueries({ queryKey: ['providers'] });
    },
  });
}
