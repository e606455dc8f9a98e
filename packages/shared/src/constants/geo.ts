/** Location suggestions: at most 5 (directory §9); kept out of the contracts so the browser needs no zod for it. */
export const GEOCODE_MAX_LIMIT = 5;
