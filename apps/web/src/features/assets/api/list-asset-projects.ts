import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectRow, ProjectsQueryInput } from '@solar/shared/contracts/assets';
import { ASSET_MESSAGES } from '@solar/shared/constants/assets';
import { getJson, toQueryString } from '../../../lib/api-client';
import { assetKeys } from './keys';

type Params = Omit<ProjectsQueryInput, 'export'>;
const qs = (q: Params) => toQueryString(q as Record<string, string | number | boolean | undefined>);

export const assetProjectsOptions = (q: Params) =>
  queryOptions({
    queryKey: assetKeys.projects(q),
    queryFn: () => getJson<{ data: ProjectRow[]; total: number }>(`/api/assets/tenders${qs(q)}`),
    placeholderData: keepPreviousData,
  });

export const useAssetProjects = (q: Params) => useQuery(assetProjectsOptions(q));

/** docs/product/assets.md#export: downloads tenders-yyyy-MM-dd.csv of the same filters; a failure is only logged. */
export async function exportAssetProjects(q: Omit<Params, 'offset' | 'limit'>, today = new Date()) {
  try {
    const response = await fetch(`/api/assets/tenders${qs({ ...q, export: true } as Params)}`, { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status}`);
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
