import { describe, expect, it } from 'vitest';
import { repairText } from './text-repair';
import { detectSectors } from './sectors';

describe('repairText', () => {
  it.each([
    ['Â£500,000 budget', '£500,000 budget'],
    ['â€¢ 10 robots', '• 10 robots'],
    ['framework.â€¯ The initial', 'framework.\u202f The initial'],
    ['particles of 10 Âµm', 'particles of 10 µm'],
    ['Ã¤hnlich', 'ähnlich'],
    ['Microsoft Â® Office', 'Microsoft ® Office'],
  ])('repairs the cp1252 mojibake in %j', (input, expected) => {
    expect(repairText(input)).toBe(expected);
  });

  it('leaves genuine accented text and lone marks alone', () => {
    for (const text of ['café', 'Â on its own', 'naïve façade', 'Tai Tarian’s properties', '£10 and €5']) expect(repairText(text)).toBe(text);
  });

  it.each([
    ['in 2025.rnrnThe contract', 'in 2025.\n\nThe contract'],
    ['Pre-Qualification (PQQ)rnAnnexe A', 'Pre-Qualification (PQQ)\nAnnexe A'],
    ['Davy House, rnThe Quay', 'Davy House,\nThe Quay'],
    ['Stafford StreetrnLondon', 'Stafford Street\nLondon'],
    ['spare partsrnrnAdditional', 'spare parts\n\nAdditional'],
    ['as follows:rn- Live data', 'as follows:\n- Live data'],
    ['- Heating and ventilationrn - Electrical energy systemsrn - Insulation', '- Heating and ventilation\n- Electrical energy systems\n- Insulation'],
    ['- Healthcarern - Emergency Services', '- Healthcare\n- Emergency Services'],
    ['Multidisciplinary servicesrn The aim', 'Multidisciplinary services\nThe aim'],
    ['software licensingrnavailable', 'software licensing\navailable'],
  ])('turns the escaped CR LF in %j into a line break', (input, expected) => {
    expect(repairText(input)).toBe(expected);
  });

  it('keeps rn inside words', () => {
    for (const text of ['local government', 'Tai Tarian', 'Fearnhead Way', 'Hornchurch', 'Body Worn Video', 'modern turnkey', 'Bournemouth', 'Warner', 'furniture', 'internal stubbornness', 'Ashbourne Road', 'Llansadwrn'])
      expect(repairText(text)).toBe(text);
  });
});

describe('detectSectors', () => {
  it('marks solar, storage and wind by keyword and CPV code', () => {
    expect(detectSectors('Design and Installation of Roof Mounted Solar PV Systems', [])).toEqual(['solar']);
    expect(detectSectors('Site works', ['09331200'])).toEqual(['solar']);
    expect(detectSectors('Battery energy storage system at depot', [])).toEqual(['storage']);
    expect(detectSectors('Six large scale onshore wind projects', [])).toEqual(['wind']);
    expect(detectSectors('School catering services', ['55524000'])).toEqual([]);
  });
});
