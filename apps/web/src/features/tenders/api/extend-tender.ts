import { extendTender } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Moves the closing date later (an instant; reopens a tender that closed by date). */
export const useExtendTender = (id: string) =>
  useTenderMutation(async (closingDate: string) => api.call(extendTender, { params: { id }, body: { closingDate } }));
