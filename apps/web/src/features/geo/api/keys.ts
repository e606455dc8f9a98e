/** Query keys of the geo feature (one factory per feature, STYLE §6). */
export const geoKeys = {
  geocode: (q: string, types: readonly string[], limit: number) => ['/api/geocode', q, [...types], limit] as const,
  services: ['/api/services'] as const,
};
