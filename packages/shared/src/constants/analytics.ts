/**
 * Tracking parameters stripped from the address and from what is stored (docs/product/analytics.md#tracking-parameters):
 * the utm_* family, Google's click and client identifiers, fbclid and msclkid.
 */
export const TRACKING_PARAMS = [
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  '_ga',
  '_gl',
  'fbclid',
  'msclkid',
] as const;

export const isTrackingParam = (name: string): boolean =>
  name.toLowerCase().startsWith('utm_') || (TRACKING_PARAMS as readonly string[]).includes(name);
