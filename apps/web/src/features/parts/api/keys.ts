/** Query keys of the parts feature (one factory per feature, STYLE §6). */
export const partKeys = {
  all: ['parts'] as const,
  detail: (id: string) => ['parts', 'detail', id] as const,
};
