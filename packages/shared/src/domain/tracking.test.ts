import { describe, expect, it } from 'vitest';
import { hasTrackingParams, stripTrackingParams } from './tracking';

describe('stripTrackingParams', () => {
  it('removes the utm_* family, Google, Facebook and Microsoft identifiers', () => {
    expect(
      stripTrackingParams('/p?a=1&utm_source=x&UTM_Medium=y&gclid=1&gclsrc=2&dclid=3&gbraid=4&wbraid=5&_ga=6&_gl=7&fbclid=8&msclkid=9'),
    ).toBe('/p?a=1');
  });
  it('keeps other parameters, repeated keys and the hash', () => {
    expect(stripTrackingParams('/providers?services=a&services=b&utm_campaign=c#top')).toBe('/providers?services=a&services=b#top');
  });
  it('drops the question mark when nothing is left and leaves clean paths alone', () => {
    expect(stripTrackingParams('/x?utm_source=a')).toBe('/x');
    expect(stripTrackingParams('/x')).toBe('/x');
  });
  it('removes parameters carrying a secret, in the query and the fragment (issue 25 finding 7)', () => {
    expect(stripTrackingParams('/tender/abc/respond?invite=s3cr3t-token&utm_source=mail')).toBe('/tender/abc/respond');
    expect(stripTrackingParams('/tender/abc/respond#invite=s3cr3t-token')).toBe('/tender/abc/respond');
    expect(stripTrackingParams('/reset-password?token=s3cr3t&x=1#top')).toBe('/reset-password?x=1#top');
  });
  it('detects tracking parameters', () => {
    expect(hasTrackingParams('?fbclid=1')).toBe(true);
    expect(hasTrackingParams('?page=2')).toBe(false);
  });
});
