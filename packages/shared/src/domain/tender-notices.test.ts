import { describe, expect, it } from 'vitest';
import { matchReasonText, noticeSourceLabel } from './tender-notices';

describe('why a notice matched, in words (decision 0462)', () => {
  it('names the CPV code with its label, or the phrase and where it was found', () => {
    expect(matchReasonText('cpv:09331200')).toBe('CPV 09331200 (solar photovoltaic modules)');
    expect(matchReasonText('cpv 45251160')).toMatch(/^CPV 45251160/);
    expect(matchReasonText('title:solar pv')).toBe("'solar pv' in the title");
    expect(matchReasonText('description:battery storage')).toBe("'battery storage' in the description");
    expect(matchReasonText('lots:solar panel')).toBe("'solar panel' in a lot");
    expect(matchReasonText('keyword wind')).toBe('a wind term in the title or description');
    expect(matchReasonText(null)).toBeNull();
  });

  it('labels sources', () => {
    expect(noticeSourceLabel('sell2wales')).toBe('Sell2Wales');
    expect(noticeSourceLabel('import')).toBe('Imported file');
  });
});
