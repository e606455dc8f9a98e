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

/**
 * Parameters that carry a secret (a tender invitation's token, a reset or verification token):
 * never stored with a page view, in the query or the fragment (issue 25 finding 7, decision 0443).
 */
export const SECRET_PARAMS = ['invite', 'token'] as const;
export const isSecretParam = (name: string): boolean => (SECRET_PARAMS as readonly string[]).includes(name.toLowerCase());

export const isTrackingParam = (name: string): boolean =>
  name.toLowerCase().startsWith('utm_') || (TRACKING_PARAMS as readonly string[]).includes(name);
