/** Location suggestions: at most 5 (docs/product/geo.md#location-suggestions); kept out of the contracts so the browser needs no zod for it. */
export const GEOCODE_MAX_LIMIT = 5;
/**
 * The place types every location input asks for, and the server's `placeFor` too (decision 0367):
 * one set of arguments, so a name gives the same suggestions and the same point everywhere.
 */
export const PLACE_SEARCH_TYPES = ['place', 'locality', 'neighborhood'] as const;
