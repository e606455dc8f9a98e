import { useQuery } from '@tanstack/react-query';
import { listTenderDocuments } from '@solar/shared/contracts/routes';
import { apiFor, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type TenderDocumentList = ApiOutput<typeof listTenderDocuments>['data'];

/** The brief's documents: to whoever may see the tender (decision 0402). */
export const useTenderDocuments = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.documents(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderDocuments, { params: { id } })).data, enabled });
