/** Query keys of the accounts feature (one factory per feature, STYLE §6). */
export const accountKeys = {
  me: ['/api/auth/me'] as const,
};
