import type { AppConfig } from '@solar/shared/contracts/config';
import { EXPORT_MAX_ROWS } from '@solar/shared/constants/exports-core';

const DEFAULTS: AppConfig = {
  links: {
    solarManager: 'https://www.solarmanager.uk/',
    contact: 'https://www.solarmanager.uk/contact',
    privateTender: 'https://www.solarmanager.uk/contact',
    guaranteesAdvisory: 'https://www.solarmanager.uk/contact',
    priceBenchmarking: 'https://www.solarmanager.uk/contact',
    developer: 'https://www.solarmanager.uk/',
    privacyPolicy: 'https://www.solarmanager.uk/privacy-policy',
  },
  mapStyleUrl: null,
  publicUrl: '',
  exportMaxRows: EXPORT_MAX_ROWS,
};

/** Configuration the server inlines into index.html (see apps/server/src/plugins/spa.ts). */
function readConfig(): AppConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('app-config');
  if (!element?.textContent) return { ...DEFAULTS, publicUrl: typeof location === 'undefined' ? '' : location.origin };
  // Checked by hand rather than with zod, which would add ~50 KB to the first load.
  try {
    const parsed = JSON.parse(element.textContent) as Partial<AppConfig>;
    return {
      links: { ...DEFAULTS.links, ...(typeof parsed.links === 'object' ? parsed.links : {}) },
      mapStyleUrl: typeof parsed.mapStyleUrl === 'string' ? parsed.mapStyleUrl : null,
      publicUrl: typeof parsed.publicUrl === 'string' && parsed.publicUrl ? parsed.publicUrl : location.origin,
      exportMaxRows: typeof parsed.exportMaxRows === 'number' && parsed.exportMaxRows > 0 ? parsed.exportMaxRows : EXPORT_MAX_ROWS,
    };
  } catch {
    return DEFAULTS;
  }
}

export const config = readConfig();

/**
 * The server's render sets the configuration it serves with the page (apps/web/src/entry-server.tsx),
 * so the rendered links are the ones the browser then reads from index.html.
 */
export function configure(next: AppConfig): void {
  Object.assign(config, { ...next, links: { ...next.links } });
}
