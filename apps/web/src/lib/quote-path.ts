/**
 * A provider's Request a Quote page (docs/product/quotes.md). Its own module: the profile needs the
 * path, not the provider card, which would come with it into the profile's first load (decision 0540).
 */
export const quotePath = (provider: { id: string }) => `/providers/${provider.id}/quote`;
