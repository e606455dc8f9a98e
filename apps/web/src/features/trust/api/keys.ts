/** One key factory for the trust feature (docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const trustKeys = {
  all: ['trust'] as const,
  company: (providerId: string) => ['trust', 'company', providerId] as const,
  accreditations: (providerId: string) => ['trust', 'accreditations', providerId] as const,
  reviews: (providerId: string, page: number) => ['trust', 'reviews', providerId, page] as const,
  reviewable: ['trust', 'reviewable'] as const,
  buyers: (page: number) => ['trust', 'buyers', page] as const,
  buyer: (slug: string) => ['trust', 'buyer', slug] as const,
  admin: (what: string, query: object) => ['trust', 'admin', what, query] as const,
};
