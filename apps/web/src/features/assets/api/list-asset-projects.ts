import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAssetProjects } from '@solar/shared/contracts/routes';
import { ASSET_MESSAGES } from '@solar/shared/constants/assets';
import { api, apiFor, type ApiQuery } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type ProjectsParams = Omit<ApiQuery<typeof listAssetProjects>, 'export'>;

export const assetProjectsOptions = (q: ProjectsParams) =>
  queryOptions({
    queryKey: assetKeys.projects(q),
    queryFn: ({ client }) => apiFor(client).call(listAssetProjects, { query: q }),
    placeholderData: keepPreviousData,
  });

export const useAssetProjects = (q: ProjectsParams) => useQuery(assetProjectsOptions(q));

/** docs/product/assets.md#export: downloads tenders-yyyy-MM-dd.csv of the same filters; a failure is only logged. */
export async function exportAssetProjects(q: Omit<ProjectsParams, 'offset' | 'limit'>, today = new Date()) {
  try {
    const response = await api.raw(listAssetProjects, { query: { ...q, export: 'true' } });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${response.status}`);
    }
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    const pad = (n: number) => String(n).padStart(2, '0');
    link.download = `tenders-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  } catch (error) {
    console.error(ASSET_MESSAGES.exportFailed, error);
  }
}
