import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, ReplyQuoteInput } from '@solar/shared/contracts/quotes';
import { sendJson } from '../../../lib/api-client';
import { quoteKeys } from './keys';

/** PATCH /api/quotes/{id}: the provider marks a quote responded or declined, with a reply. */
export function useReplyToQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReplyQuoteInput & { id: string }) =>
      sendJson<{ success: true; data: Quote }>('PATCH', `/api/quotes/${encodeURIComponent(id)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
