import { updateTenderPricingSchedule } from '@solar/shared/contracts/routes';
import type { UpdateTenderPricingScheduleBody } from '@solar/shared/contracts/tender-pricing';
import { api } from '../../../lib/api-client';

/** The owner sets the whole pricing schedule (decision 0521). */
export const updatePricingSchedule = (id: string, body: UpdateTenderPricingScheduleBody) => api.call(updateTenderPricingSchedule, { params: { id }, body });
