import { describe, expect, it } from 'vitest';
import { buildGazetteer, geocode, loadGazetteer } from './gazetteer';
import { normalise, splitQuoted } from './gazetteer-index';
import { prefixDistance } from './gazetteer-search';

const names = (q: string, options?: Parameters<typeof geocode>[1]) => geocode(q, options).map((f) => f.place_name);
const first = (q: string, options?: Parameters<typeof geocode>[1]) => geocode(q, { ...options, limit: 1 })[0];

describe('gazetteer geocoder', () => {
  it('finds cities with their county and [lng, lat] centre', () => {
    const manchester = first('Manchester')!;
    expect(manchester.place_name).toBe('Manchester, Greater Manchester');
    expect(manchester.place_type).toEqual(['place']);
    expect(manchester.center[0]).toBeCloseTo(-2.245, 2);
    expect(manchester.center[1]).toBeCloseTo(53.479, 2);
    expect(first('Harrogate')!.place_name).toBe('Harrogate, North Yorkshire');
    expect(first('leeds')!.place_name).toBe('Leeds, West Yorkshire');
  });

  it('ranks prefix matches by settlement size (City > Town > Village > Hamlet)', () => {
    expect(names('Manch')[0]).toBe('Manchester, Greater Manchester');
    expect(names('Lon')[0]).toBe('London, Greater London');
    expect(names('Newcastle')[0]).toBe('Newcastle upon Tyne, Tyne and Wear');
    expect(first('York')).toMatchObject({ place_name: 'York, England', place_type: ['place'] });
  });

  it('searches both OS name columns: Inverness and Inbhir Nis', () => {
    const english = first('Inverness')!;
    const gaelic = first('Inbhir Nis')!;
    expect(english.place_name).toBe('Inverness, Highland');
    expect(gaelic.place_name).toBe('Inbhir Nis (Inverness), Highland');
    expect(gaelic.center).toEqual(english.center);
    expect(first('Caerdydd')!.place_name).toBe('Caerdydd (Cardiff), Wales');
    expect(first('Cardiff')!.place_name).toBe('Cardiff, Wales');
  });

  it('covers Northern Ireland from GeoNames', () => {
    const belfast = first('Belfast')!;
    expect(belfast.place_name).toBe('Belfast, Northern Ireland');
    expect(belfast.center[0]).toBeCloseTo(-5.93, 1);
    expect(belfast.center[1]).toBeCloseTo(54.6, 1);
    expect(first('Londonderry')!.place_name).toBe('Londonderry, Northern Ireland');
    expect(names('Bangor')).toEqual(expect.arrayContaining(['Bangor, Gwynedd', 'Bangor, Northern Ireland']));
  });

  it('answers approximate postcode districts and full postcodes', () => {
    const ls1 = geocode('LS1');
    expect(ls1[0]!.place_name).toBe('LS1, Leeds, West Yorkshire');
    expect(ls1[0]!.place_type).toEqual(['postcode']);
    expect(ls1.slice(1).every((f) => /^LS1\d/.test(f.place_name))).toBe(true);
    expect(names('ls1 4ap')).toEqual(['LS1, Leeds, West Yorkshire']);
    expect(names('LS14AP')).toEqual(['LS1, Leeds, West Yorkshire']);
    expect(first('W1F')!.place_name).toBe('W1F, City of Westminster, Greater London');
    // Two letters alone are not treated as a postcode ('le' is not every LE district).
    expect(names('le').some((n) => /^LE\d/.test(n))).toBe(false);
  });

  it('finds counties, regions and the names REPD uses for them', () => {
    const region = (q: string) => first(q)!;
    expect(region('Devon')).toMatchObject({ place_name: 'Devon, England', place_type: ['region'] });
    expect(region('North Yorkshire').place_name).toBe('North Yorkshire, England');
    expect(region('Greater Manchester').place_name).toBe('Greater Manchester, England');
    expect(region('South West').place_name).toBe('South West, England');
    expect(region('Eastern').place_name).toBe('East of England, England');
    expect(region('Yorkshire and Humber').place_name).toBe('Yorkshire and the Humber, England');
    expect(region('Gwent').place_name).toBe('Gwent, Wales');
    expect(region('Avon').place_name).toBe('Avon, England');
    expect(region('Strathclyde').place_name).toBe('Strathclyde, Scotland');
    expect(region('Co. Antrim').place_name).toBe('County Antrim, Northern Ireland');
    expect(region('Co. Fermanagh & Omagh').place_name).toBe('Fermanagh and Omagh, Northern Ireland');
    expect(region('Co. Fermanagh').place_name).toBe('County Fermanagh, Northern Ireland');
    expect(region('Co. Causeway Coast & Glens').place_name).toBe('Causeway Coast and Glens, Northern Ireland');
    expect(region('Mid Ulster').place_name).toBe('Mid Ulster, Northern Ireland');
    expect(region('Scotland').place_name).toBe('Scotland, United Kingdom');
    // A county sits among its places: Devon's centre is in Devon.
    const [lng, lat] = region('Devon').center;
    expect(lng).toBeGreaterThan(-4.5);
    expect(lng).toBeLessThan(-3);
    expect(lat).toBeGreaterThan(50.3);
    expect(lat).toBeLessThan(51.2);
    // A city still beats the county named after it.
    expect(first('Derby')!.place_name).toBe('Derby, England');
    expect(names('Derby')).toContain('Derbyshire, England');
    expect(first('York')!.place_name).toBe('York, England');
    expect(geocode('Devon', { types: ['region'] }).every((f) => f.place_type[0] === 'region')).toBe(true);
    expect(geocode('Devon', { types: ['locality'] }).some((f) => f.place_type[0] === 'region')).toBe(false);
  });

  it('knows London boroughs, county abbreviations and missing postcode districts', () => {
    expect(first('Camden')!.place_name).toBe('Camden, Greater London');
    expect(first('Hackney')!.place_name).toBe('Hackney, Greater London');
    expect(first('Bucks')!.place_name).toBe('Buckinghamshire, England');
    expect(first('Herts')!.place_name).toBe('Hertfordshire, England');
    expect(first('Oxon')!.place_name).toBe('Oxfordshire, England');
    // EC1A has no populated place in the data: its neighbours answer.
    expect(names('EC1A 1BB')).toEqual(expect.arrayContaining(['EC1R, Islington, Greater London']));
    // No leading article, and no county that repeats the name.
    expect(first('Peterston-super-Ely')!.place_name).toBe('Peterston-super-Ely, Vale of Glamorgan');
    expect(first('Brighton and Hove')!.place_name).toBe('Brighton and Hove, England');
  });

  it('tolerates misspellings', () => {
    expect(first('Manchster')!.place_name).toBe('Manchester, Greater Manchester');
    expect(first('Birmingam')!.place_name).toBe('Birmingham, West Midlands');
    expect(first('Edinborough')!.place_name).toBe('Edinburgh, Scotland');
    expect(first('Harogate')!.place_name).toBe('Harrogate, North Yorkshire');
    expect(first('Invernes')!.place_name).toBe('Inverness, Highland');
    expect(first('Belfsat')!.place_name).toBe('Belfast, Northern Ireland');
    expect(first('St. Albans')!.place_name).toBe('St Albans, Hertfordshire');
  });

  it('reads "Name, County" and "Name County" as the place plus a qualifier', () => {
    expect(first('Harrogate, North Yorkshire')!.place_name).toBe('Harrogate, North Yorkshire');
    expect(first('Harrogate North Yorkshire')!.place_name).toBe('Harrogate, North Yorkshire');
    expect(first('Leeds, UK')!.place_name).toBe('Leeds, West Yorkshire');
    expect(first('Newport, Isle of Wight')!.place_name).toBe('Newport, Isle of Wight');
    expect(first('Bangor, Northern Ireland')!.place_name).toBe('Bangor, Northern Ireland');
    // A place's own label geocodes back to itself (a saved profile location).
    for (const q of ['Manchester', 'Inverness', 'Belfast', 'LS1', 'Truro', 'Lewes']) {
      const label = first(q)!.place_name;
      expect(first(label)!.place_name).toBe(label);
    }
  });

  it('gives no features for empty or blank input', () => {
    expect(geocode('')).toEqual([]);
    expect(geocode('   ')).toEqual([]);
    expect(geocode(',,')).toEqual([]);
    expect(geocode('qzxqzxqzx')).toEqual([]);
  });

  it('returns at most 5, or the limit asked for', () => {
    expect(geocode('New')).toHaveLength(5);
    expect(geocode('New', { limit: 1 })).toHaveLength(1);
    expect(geocode('New', { limit: 3 })).toHaveLength(3);
    expect(geocode('New', { limit: 50 })).toHaveLength(5);
    expect(geocode('New', { limit: 0 })).toHaveLength(1);
    expect(new Set(names('Newport')).size).toBe(names('Newport').length);
  });

  it('maps types onto gazetteer classes', () => {
    const places = geocode('Man', { types: ['place'] });
    expect(places.length).toBeGreaterThan(0);
    expect(places.every((f) => ['place', 'region'].includes(f.place_type[0]!))).toBe(true);
    expect(geocode('Man', { types: ['neighborhood'] }).every((f) => f.place_type[0] === 'neighborhood')).toBe(true);
    expect(
      geocode('Man', { types: ['locality'] }).every((f) => ['locality', 'postcode'].includes(f.place_type[0]!)),
    ).toBe(true);
    // Postcode districts answer address and postcode, not place.
    expect(names('LS1', { types: ['address'] })[0]).toBe('LS1, Leeds, West Yorkshire');
    expect(geocode('LS1', { types: ['place'] })).toEqual([]);
    // The directory's types (place, locality, neighborhood) still find districts and Manchester.
    expect(names('LS1', { types: ['place', 'locality', 'neighborhood'] })[0]).toBe('LS1, Leeds, West Yorkshire');
    expect(names('Manchester', { types: ['place', 'locality', 'neighborhood'] })[0]).toBe(
      'Manchester, Greater Manchester',
    );
    // Unknown types are ignored rather than matching nothing.
    expect(names('Manchester', { types: ['country'] })[0]).toBe('Manchester, Greater Manchester');
  });

  it('stays in the UK: every centre lies within the British Isles bounding box', () => {
    for (const q of ['a', 'b', 'c', 'Lerwick', 'Penzance', 'Enniskillen', 'Stornoway', 'New', 'St']) {
      for (const f of geocode(q)) {
        const [lng, lat] = f.center;
        expect(lng).toBeGreaterThan(-8.7);
        expect(lng).toBeLessThan(1.8);
        expect(lat).toBeGreaterThan(49.8);
        expect(lat).toBeLessThan(60.9);
      }
    }
  });

  it('answers quickly once built', () => {
    loadGazetteer();
    const queries = [
      'Manchester',
      'Manchster',
      'Edinborough',
      'LS1',
      'Harrogate, North Yorkshire',
      'New',
      'Birmingam',
      'Inbhir',
    ];
    const started = performance.now();
    for (let i = 0; i < 20; i++) for (const q of queries) geocode(q + (i % 2 ? '' : ' '));
    const perQuery = (performance.now() - started) / (20 * queries.length);
    expect(perQuery).toBeLessThan(15);
  });
});

describe('gazetteer building blocks', () => {
  it('normalises case, accents and punctuation', () => {
    expect(normalise("  St. Mary's-on-Sea ")).toBe('st marys on sea');
    expect(normalise('Inbhir Nèill')).toBe('inbhir neill');
  });

  it('measures edit distance to the closest prefix, with transpositions', () => {
    expect(prefixDistance('manchster', 'manchester', 2)).toBe(1);
    expect(prefixDistance('manch', 'manchester', 1)).toBe(0);
    expect(prefixDistance('belfsat', 'belfast', 2)).toBe(1);
    expect(prefixDistance('leeds', 'london', 2)).toBe(3);
  });

  it('splits quoted CSV fields', () => {
    expect(splitQuoted('Poole,50.7,-1.9,ENG,England,AA,"Bournemouth, Christchurch and Poole Council"')).toEqual([
      'Poole',
      '50.7',
      '-1.9',
      'ENG',
      'England',
      'AA',
      'Bournemouth, Christchurch and Poole Council',
    ]);
    expect(splitQuoted('a,"say ""hi""",')).toEqual(['a', 'say "hi"', '']);
  });

  it('builds from small inputs too', () => {
    const g = buildGazetteer({
      places: 'h\nid1,Tref,,,,Town,52.1,-3.1,0,0,SY1,,Sir Fynwy - Monmouthshire,Wales,Wales\n',
      postcodes: 'h\nSY1,52.2,-3.2,1,Tref,,Shropshire,West Midlands,England\n',
      geonames: 'h\nOmagh,54.6,-7.3,NIR,Northern Ireland,N1,"Fermanagh, Omagh"\nLeeds,53.8,-1.5,ENG,England,X,Leeds\n',
    });
    // Three places plus their areas (Monmouthshire, Wales, the council, Northern Ireland, NI's counties…).
    expect(g.size.entries).toBeGreaterThan(3);
    expect(g.search('monmouthshire')[0]).toMatchObject({ place_name: 'Monmouthshire, Wales', center: [-3.1, 52.1] });
    expect(g.search('tref')[0]).toEqual({
      place_name: 'Tref, Monmouthshire',
      center: [-3.1, 52.1],
      place_type: ['place'],
    });
    expect(g.search('omagh')[0]!.place_name).toBe('Omagh, Northern Ireland');
    expect(g.search('leeds')).toEqual([]);
  });
});
