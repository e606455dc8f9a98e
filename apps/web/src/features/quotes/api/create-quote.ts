import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteForm } from '@solar/shared/contracts/quotes';
import { createQuote } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { quoteKeys } from './keys';

export interface CreateQuoteInput {
  providerId: string;
  form: QuoteForm;
  nda: File | null;
  scope: File | null;
}

/** The form as multipart: text fields plus the optional `nda` and `scope` files. */
export function toFormData({ providerId, form, nda, scope }: CreateQuoteInput): FormData {
  const data = new FormData();
  data.set('providerId', providerId);
  for (const [key, value] of Object.entries(form)) data.set(key, value === null ? '' : String(value));
  if (form.requiresNDA && nda) data.set('nda', nda, nda.name);
  if (scope) data.set('scope', scope, scope.name);
  return data;
}

/** Sends a quote request (docs/product/quotes.md#calls: quotes are real). */
export function useCreateQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateQuoteInput) => api.call(createQuote, { body: toFormData(input) }),
    onSuccess: () => client.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
