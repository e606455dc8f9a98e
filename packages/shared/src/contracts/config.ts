import { z } from 'zod';

/**
 * Configuration the server hands to the browser inside index.html (no extra request):
 * external links (docs/product/platform.md#external-links: configurable URLs with working defaults) and the map style.
 */
export const appConfig = z.object({
  links: z.object({
    solarManager: z.string(),
    contact: z.string(),
    privateTender: z.string(),
    guaranteesAdvisory: z.string(),
    priceBenchmarking: z.string(),
    developer: z.string(),
    privacyPolicy: z.string(),
  }),
  mapStyleUrl: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfig>;
