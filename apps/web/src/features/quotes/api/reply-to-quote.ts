import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyQuoteInput } from '@solar/shared/contracts/quotes';
import { replyToQuote } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { quoteKeys } from './keys';

/** The provider marks a quote responded or declined, with a reply. */
export function useReplyToQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReplyQuoteInput & { id: string }) => api.call(replyToQuote, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
