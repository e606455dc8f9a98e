import { awardTender } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Awards the tender to one response, with the standstill chosen and the owner's feedback to each responder for its letter; every responder is told the outcome. */
export const useAwardTender = (id: string) =>
  useTenderMutation(async ({ responseId, feedback, standstillDays }: { responseId: string; feedback?: Record<string, string>; standstillDays?: number }) =>
    api.call(awardTender, { params: { id }, body: { responseId, ...(feedback && Object.keys(feedback).length > 0 ? { feedback } : {}), ...(standstillDays !== undefined && { standstillDays }) } }),
  );
