import { z } from 'zod';

/**
 * Configuration the server hands to the browser inside index.html (no extra request):
 * external links (docs/product/platform.md#external-links: configurable URLs with working defaults), the map style,
 * the public address and the most rows an export holds (decision 0531).
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
  /** PUBLIC_URL: canonical addresses and link previews are built from it, never from the Host header. */
  publicUrl: z.string(),
  /** EXPORT_MAX_ROWS: the export buttons say when a result is larger than one file holds. */
  exportMaxRows: z.number().int(),
});
export type AppConfig = z.infer<typeof appConfig>;
