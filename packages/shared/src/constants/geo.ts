/** Location suggestions: at most 5 (docs/product/geo.md#location-suggestions); kept out of the contracts so the browser needs no zod for it. */
export const GEOCODE_MAX_LIMIT = 5;
