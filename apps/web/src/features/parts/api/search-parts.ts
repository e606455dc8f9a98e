import { useMutation } from '@tanstack/react-query';
import type { PartsAnswer, PartsSearchInput } from '@solar/shared/contracts/parts';
import { PARTS_MESSAGES } from '@solar/shared/constants/parts';
import { searchParts as searchPartsRoute } from '@solar/shared/contracts/routes';
import { ApiError, api } from '../../../lib/api-client';

type Envelope = { success: true; data: PartsAnswer } | { success: false; message?: string };

/** The parts search (docs/product/parts.md#calls): `{ success, data: { content, citations } }` or `{ success: false, message }`. */
export async function searchParts(body: PartsSearchInput): Promise<PartsAnswer> {
  // Checked, not trusted: a failed search may answer 200 with success false and a message.
  const result = (await api.call(searchPartsRoute, { body }, { fallback: PARTS_MESSAGES.searchFailed })) as Envelope;
  if (!result || result.success !== true || typeof result.data?.content !== 'string' || !Array.isArray(result.data.citations))
    throw new ApiError((result && 'message' in result && result.message) || PARTS_MESSAGES.searchFailed, 200);
  return result.data;
}

export function useSearchParts() {
  return useMutation({ mutationFn: searchParts });
}
