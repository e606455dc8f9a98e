import { declareTenderInterest } from '@solar/shared/contracts/routes';
import type { DeclareTenderInterestBody } from '@solar/shared/contracts/tender-evaluation';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** An evaluator's conflict-of-interest declaration (decision 0520). */
export const useDeclareTenderInterest = (id: string) => useTenderMutation(async (body: DeclareTenderInterestBody) => api.call(declareTenderInterest, { params: { id }, body }));
