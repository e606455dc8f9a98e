import { submitTenderResponsePrices } from '@solar/shared/contracts/routes';
import type { SubmitTenderResponsePricesBody } from '@solar/shared/contracts/tender-pricing';
import { api } from '../../../lib/api-client';

/** The responder prices the schedule's lines, as typed ('£1,200'); the server totals them in pence. */
export const submitResponsePrices = (id: string, responseId: string, body: SubmitTenderResponsePricesBody) =>
  api.call(submitTenderResponsePrices, { params: { id, responseId }, body });
