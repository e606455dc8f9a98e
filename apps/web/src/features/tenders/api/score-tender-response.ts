import { scoreTenderResponse } from '@solar/shared/contracts/routes';
import type { ScoreTenderResponseBody } from '@solar/shared/contracts/tender-evaluation';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Saves the caller's scores of one response (decision 0519). */
export const useScoreTenderResponse = (id: string) =>
  useTenderMutation(async ({ responseId, body }: { responseId: string; body: ScoreTenderResponseBody }) => api.call(scoreTenderResponse, { params: { id, responseId }, body }));
