/** Query keys of the geo feature (one factory per feature, docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const geoKeys = {
  geocode: (q: string, types: readonly string[], limit: number) => ['/api/geocode', q, [...types], limit] as const,
  services: ['/api/services'] as const,
};
