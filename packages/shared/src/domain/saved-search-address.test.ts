import { describe, expect, it } from 'vitest';
import { SAVED_SEARCH_CRITERIA } from '../contracts/alerts';
import { addressOf, criteriaFromAddress, describeCriteria } from './saved-search-address';

/** Decision 0471: a page's address becomes a saved search's criteria (which the contract accepts) and opens the page again. */
describe('saved searches and page addresses', () => {
  it('the directory: lists, the place and its radius', () => {
    const params = new URLSearchParams('services=Panel%20Cleaning&types=Installer&location=Leeds&locationCenter=-1.55,53.8&radius=25&page=3&junk=1');
    const criteria = criteriaFromAddress('providers', params);
    expect(SAVED_SEARCH_CRITERIA.providers.parse(criteria)).toMatchObject({ services: ['Panel Cleaning'], types: ['Installer'], lat: 53.8, lng: -1.55, radiusKm: 25, location: 'Leeds' });
    expect(addressOf('providers', criteria)).toBe('/providers?services=Panel+Cleaning&types=Installer&location=Leeds&locationCenter=-1.55%2C53.8&radius=25');
    expect(describeCriteria('providers', criteria)).toBe('Panel Cleaning · Installer · within 25 km of Leeds');
  });

  it('the tender board: keywords, place, value, status, source and CPV; what the board refuses is left out', () => {
    const params = new URLSearchParams('keywords="solar pv" -domestic&location=Bristol&lat=51.45&lng=-2.59&radius=100&minValue=1000&maxValue=500000&status=closed&source=External&cpv=09331200&sortBy=closingDate');
    const criteria = criteriaFromAddress('tenders', params);
    expect(SAVED_SEARCH_CRITERIA.tenders.parse(criteria)).toMatchObject({
      keywords: '"solar pv" -domestic',
      cpv: ['09331200'],
      lat: 51.45,
      radiusKm: 100,
      minValue: 1000,
      maxValue: 500000,
      stages: ['closed', 'awarded', 'cancelled'],
      sources: ['External'],
    });
    const address = new URLSearchParams(addressOf('tenders', criteria).split('?')[1]);
    expect(Object.fromEntries(address)).toEqual({
      keywords: '"solar pv" -domestic',
      location: 'Bristol',
      lat: '51.45',
      lng: '-2.59',
      radius: '100',
      source: 'External',
      status: 'closed',
      cpv: '09331200',
      minValue: '1000',
      maxValue: '500000',
    });
    // The default board (open tenders) saves as what it lists: open, with the early Procurement Act
    // notices (decision 0576); an inverted value range and a bad CPV are dropped.
    const plain = criteriaFromAddress('tenders', new URLSearchParams('minValue=9&maxValue=2&cpv=123'));
    expect(SAVED_SEARCH_CRITERIA.tenders.parse(plain)).toMatchObject({ stages: ['pipeline', 'interest', 'open'], cpv: [] });
    expect(addressOf('tenders', plain)).toBe('/explore-tenders');
    expect(describeCriteria('tenders', plain)).toBe('Open, with pipeline and open for interest');
    // Early stages alone open the board's Open; a mix of open and closed stages opens All.
    expect(addressOf('tenders', { stages: ['pipeline'] })).toBe('/explore-tenders');
    expect(describeCriteria('tenders', { stages: ['pipeline', 'interest'] })).toBe('Pipeline (planned, not open yet) or Open for interest');
    expect(addressOf('tenders', { stages: ['interest', 'awarded'] })).toBe('/explore-tenders?status=all');
    expect(addressOf('tenders', { stages: [] })).toBe('/explore-tenders?status=all');
    expect(describeCriteria('tenders', criteria)).toBe('"solar pv" -domestic · CPV 09331200 · within 100 km of Bristol · £1,000–£500,000 · Closed or Awarded or Cancelled · Public notices (Find a Tender and others)');
  });

  it('the asset overview and the projects table', () => {
    const overview = criteriaFromAddress('assets', new URLSearchParams('technology=Solar%20Photovoltaics&region=Scotland&region=Atlantis&minCapacity=5&unknownAge=exclude'));
    expect(SAVED_SEARCH_CRITERIA.assets.parse(overview)).toMatchObject({ technologies: ['Solar Photovoltaics'], regions: ['Scotland'], minCapacity: 5, includeUnknownAge: false });
    expect(addressOf('assets', overview)).toBe('/asset-intel?minCapacity=5&technology=Solar+Photovoltaics&region=Scotland&unknownAge=exclude');
    const projects = criteriaFromAddress('projects', new URLSearchParams('tab=projects&projectRegion=Wales&projectPhase=Under%20Construction&applicant=RWE'));
    expect(SAVED_SEARCH_CRITERIA.projects.parse(projects)).toMatchObject({ region: 'Wales', phase: 'Under Construction', operatorSearch: 'RWE' });
    expect(addressOf('projects', projects)).toBe('/asset-intel?tab=projects&projectRegion=Wales&projectPhase=Under+Construction&applicant=RWE');
    expect(describeCriteria('projects', projects)).toBe('Wales · Under Construction · applicant "RWE" · new projects, status changes, capacity changes');
  });
});
