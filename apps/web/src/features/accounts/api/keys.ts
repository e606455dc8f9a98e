/** Query keys of the accounts feature (one factory per feature, docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const accountKeys = {
  me: ['/api/auth/me'] as const,
};
