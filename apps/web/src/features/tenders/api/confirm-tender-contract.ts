import { confirmTenderContract } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner confirms the contract once the standstill has ended. */
export const useConfirmContract = (id: string) => useTenderMutation(async () => api.call(confirmTenderContract, { params: { id } }));
