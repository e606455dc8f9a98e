import { downloadTenderRecords } from '@solar/shared/contracts/routes';
import type { TenderRecordFile } from '@solar/shared/contracts/tender-records';
import { api } from '../../../lib/api-client';

/** A records file's address: the owner's, once responses have closed (decision 0528). */
export const recordsUrl = (id: string, file: TenderRecordFile) => api.url(downloadTenderRecords, { params: { id, file } });
