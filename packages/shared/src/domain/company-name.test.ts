import { describe, expect, it } from 'vitest';
import { companyNameKey, companyNameTokens, matchesCompanyName } from './company-name';

describe('company names as people type them (decision 0503)', () => {
  it('keys ignore case, punctuation, dots and apostrophes, and read & as and', () => {
    expect(companyNameKey('AMP Clean Energy Services')).toBe('amp clean energy services');
    expect(companyNameKey('  A.M.P. Clean-Energy & Services, Ltd. ')).toBe('amp clean energy and services ltd');
    expect(companyNameKey("Sainsbury's Supermarkets")).toBe('sainsburys supermarkets');
    expect(companyNameKey('Énergie Solaire')).toBe('nergie solaire');
  });

  it('tokens leave out the words a name may carry or drop, unless nothing else is typed', () => {
    expect(companyNameTokens('AMP Clean Energy Services Ltd')).toEqual(['amp', 'clean', 'energy', 'services']);
    expect(companyNameTokens('The Solar & Wind Company Limited')).toEqual(['solar', 'wind']);
    expect(companyNameTokens('Ltd')).toEqual(['ltd']);
    expect(companyNameTokens(' & ')).toEqual(['and']);
    expect(companyNameTokens('')).toEqual([]);
  });

  it('AMP Clean Energy Services is found however it is typed', () => {
    const name = 'AMP Clean Energy Services';
    for (const typed of [
      'AMP Clean Energy Services',
      'amp clean energy services',
      'AMP CLEAN ENERGY SERVICES',
      'AMP Clean Energy Services Ltd',
      'AMP Clean Energy Services Limited',
      'A.M.P. Clean Energy Services',
      'AMP Clean Energy & Services',
      'AMP Clean Services',
      'clean energy',
      'amp',
      'energy serv',
    ]) {
      expect(matchesCompanyName(name, typed), typed).toBe(true);
    }
    for (const typed of ['AMP Wind Services', 'Pulse Clean Energy']) expect(matchesCompanyName(name, typed), typed).toBe(false);
    expect(matchesCompanyName('Smith & Sons Limited', 'smith and sons ltd')).toBe(true);
  });

  it('every name matches any part of itself, as the spec’s substring rule asks', () => {
    const name = 'Pathfinder Clean Energy UK Dev Limited';
    for (let i = 0; i < name.length; i++) {
      for (let j = i + 1; j <= name.length; j++) expect(matchesCompanyName(name, name.slice(i, j)), name.slice(i, j)).toBe(true);
    }
  });
});
