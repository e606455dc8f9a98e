/** Query keys of the developers feature (one factory per feature). */
export const developerKeys = {
  all: ['developers'] as const,
  apiKeys: ['developers', 'api-keys'] as const,
  openApi: ['developers', 'openapi'] as const,
};
