import { AGE_SLIDER, CAPACITY_SLIDER } from '@solar/shared/constants/assets';
import type { AssetMapParams } from '../api/list-asset-coordinates';

/** The Overview filter panel's state (accounts §2). */
export interface AssetFilters {
  operators: string[];
  siteName: string;
  capacity: [number, number];
  statuses: string[];
  technologies: string[];
  regions: string[];
  age: [number, number];
  includeUnknownAge: boolean;
}

export const DEFAULT_FILTERS: AssetFilters = {
  operators: [],
  siteName: '',
  capacity: [CAPACITY_SLIDER.min, CAPACITY_SLIDER.max],
  statuses: [],
  technologies: [],
  regions: [],
  age: [AGE_SLIDER.min, AGE_SLIDER.max],
  includeUnknownAge: true,
};

/** Filters → query parameters; a slider at its top end means "and above" (100+ MW, 20+ years). */
export function toMapParams(f: AssetFilters): AssetMapParams {
  return {
    operators: f.operators,
    siteNameSearch: f.siteName.trim() || undefined,
    minCapacity: f.capacity[0] > CAPACITY_SLIDER.min ? f.capacity[0] : undefined,
    maxCapacity: f.capacity[1] < CAPACITY_SLIDER.max ? f.capacity[1] : undefined,
    developmentStatus: f.statuses,
    technologyTypes: f.technologies,
    regions: f.regions,
    minAge: f.age[0] > AGE_SLIDER.min ? f.age[0] : undefined,
    maxAge: f.age[1] < AGE_SLIDER.max ? f.age[1] : undefined,
    includeUnknownAge: f.includeUnknownAge ? 'true' : 'false',
  };
}
