/** Query keys of the gazetteer calls several features share (one factory, docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const geoKeys = {
  geocode: (q: string, types: readonly string[], limit: number) => ['geo', 'geocode', q, [...types], limit] as const,
  services: ['geo', 'services'] as const,
};
