import { useQuery } from '@tanstack/react-query';
import { getTenderPricingSchedule } from '@solar/shared/contracts/routes';
import { apiFor, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type TenderPricingScheduleAnswer = ApiOutput<typeof getTenderPricingSchedule>['data'];

/** The pricing schedule's lines, to everyone who may see the tender (decision 0521). */
export const useTenderPricingSchedule = (id: string, enabled = true) =>
  useQuery({
    queryKey: tenderKeys.pricingSchedule(id),
    queryFn: async ({ client }) => (await apiFor(client).call(getTenderPricingSchedule, { params: { id } })).data,
    enabled,
  });
