import type { ExportFormat } from '@solar/shared/constants/exports';
import { exportBuyerAwards } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';

/** Every award of a public buyer as a file (docs/product/exports.md, decision 0532). */
export const exportBuyerAwardsUrl = (slug: string, format: ExportFormat) => api.url(exportBuyerAwards, { params: { slug }, query: { format } });
