import type { GeoType } from '@solar/shared/contracts/geo';

/**
 * The gazetteer's lookup tables (docs/decisions/0121): settlement classes and the names people use
 * that the bundled files do not carry (metropolitan and historic counties, abbreviations, Northern
 * Ireland's counties), plus the words that never start a key or qualify a place.
 */

/** Gazetteer classes, largest first. `rank` feeds the score; `type` is what `types` filters on. */
export const CLASSES = {
  City: { rank: 6, type: 'place' },
  Area: { rank: 5.5, type: 'region' },
  Town: { rank: 5, type: 'place' },
  Village: { rank: 3, type: 'locality' },
  'Suburban Area': { rank: 2.5, type: 'neighborhood' },
  Hamlet: { rank: 1, type: 'locality' },
  'Other Settlement': { rank: 0.5, type: 'locality' },
  Postcode: { rank: 4, type: 'postcode' },
} as const satisfies Record<string, { rank: number; type: GeoType }>;
export type PlaceClass = keyof typeof CLASSES;

/** Which gazetteer classes answer each requested type (recorded in decision 0121). */
export const TYPE_CLASSES: Record<GeoType, readonly PlaceClass[]> = {
  // Counties and regions are places users search for ('Devon', 'South West'), so `place` answers them too.
  place: ['City', 'Town', 'Area'],
  region: ['Area'],
  locality: ['Village', 'Hamlet', 'Other Settlement', 'Postcode'],
  neighborhood: ['Suburban Area'],
  // No address points are bundled: the nearest thing the gazetteer holds is the postcode district.
  address: ['Postcode'],
  postcode: ['Postcode'],
};

/** Metropolitan districts carry no county in OS Open Names; users know them by the metropolitan county. */
export const METRO_COUNTIES: Record<string, string> = {
  ...Object.fromEntries(
    ['Bolton', 'Bury', 'Manchester', 'Oldham', 'Rochdale', 'Salford', 'Stockport', 'Tameside', 'Trafford', 'Wigan'].map(
      (d) => [d, 'Greater Manchester'],
    ),
  ),
  ...Object.fromEntries(['Knowsley', 'Liverpool', 'St. Helens', 'Sefton', 'Wirral'].map((d) => [d, 'Merseyside'])),
  ...Object.fromEntries(['Barnsley', 'Doncaster', 'Rotherham', 'Sheffield'].map((d) => [d, 'South Yorkshire'])),
  ...Object.fromEntries(['Bradford', 'Calderdale', 'Kirklees', 'Leeds', 'Wakefield'].map((d) => [d, 'West Yorkshire'])),
  ...Object.fromEntries(
    ['Gateshead', 'Newcastle upon Tyne', 'North Tyneside', 'South Tyneside', 'Sunderland'].map((d) => [
      d,
      'Tyne and Wear',
    ]),
  ),
  ...Object.fromEntries(
    ['Birmingham', 'Coventry', 'Dudley', 'Sandwell', 'Solihull', 'Walsall', 'City of Wolverhampton'].map((d) => [
      d,
      'West Midlands',
    ]),
  ),
};

/** Northern Ireland's cities (GeoNames rows carry no settlement class). */
export const NI_CITIES = new Set(['Belfast', 'Derry', 'Lisburn', 'Newry', 'Armagh', 'Bangor']);
export const NI_ALIASES: Record<string, string[]> = { Derry: ['Londonderry'] };

/** Other names of the English regions (OS says 'Eastern'; REPD says 'Yorkshire and Humber'). */
export const REGION_ALIASES: Record<string, string[]> = {
  Eastern: ['East of England', 'East Anglia', 'East'],
  'Yorkshire and the Humber': ['Yorkshire and Humber'],
};

/**
 * Former and ceremonial counties and Scottish regions people still use (and REPD records):
 * placed at the mean position of the current areas they cover.
 */
export const HISTORIC_AREAS: Array<{ label: string; aliases?: string[]; members: string[]; country: string }> = [
  {
    label: 'Avon',
    members: ['City of Bristol', 'Bath and North East Somerset', 'North Somerset', 'South Gloucestershire'],
    country: 'England',
  },
  {
    label: 'Berkshire',
    members: ['West Berkshire', 'Reading', 'Wokingham', 'Bracknell Forest', 'Windsor and Maidenhead', 'Slough'],
    country: 'England',
  },
  { label: 'Bedfordshire', members: ['Bedford', 'Central Bedfordshire', 'Luton'], country: 'England' },
  {
    label: 'Cheshire',
    members: ['Cheshire East', 'Cheshire West and Chester', 'Halton', 'Warrington'],
    country: 'England',
  },
  {
    label: 'Cleveland',
    members: ['Hartlepool', 'Middlesbrough', 'Redcar and Cleveland', 'Stockton-on-Tees'],
    country: 'England',
  },
  {
    label: 'Humberside',
    members: [
      'East Riding of Yorkshire',
      'City of Kingston upon Hull',
      'North Lincolnshire',
      'North East Lincolnshire',
    ],
    country: 'England',
  },
  { label: 'Hereford and Worcester', members: ['County of Herefordshire', 'Worcestershire'], country: 'England' },
  { label: 'Herefordshire', members: ['County of Herefordshire'], country: 'England' },
  {
    label: 'Middlesex',
    members: ['Harrow', 'Hillingdon', 'Ealing', 'Brent', 'Barnet', 'Enfield', 'Haringey', 'Hounslow'],
    country: 'England',
  },
  {
    label: 'Yorkshire',
    members: ['North Yorkshire', 'West Yorkshire', 'South Yorkshire', 'East Riding of Yorkshire', 'York'],
    country: 'England',
  },
  {
    label: 'Tyneside',
    members: ['Newcastle upon Tyne', 'Gateshead', 'North Tyneside', 'South Tyneside'],
    country: 'England',
  },
  { label: 'Clwyd', aliases: ['Clywd'], members: ['Conwy', 'Denbighshire', 'Flintshire', 'Wrexham'], country: 'Wales' },
  { label: 'Dyfed', members: ['Carmarthenshire', 'Ceredigion', 'Pembrokeshire'], country: 'Wales' },
  { label: 'Gwent', members: ['Blaenau Gwent', 'Caerphilly', 'Monmouthshire', 'Newport', 'Torfaen'], country: 'Wales' },
  {
    label: 'Glamorgan',
    members: [
      'Bridgend',
      'Merthyr Tydfil',
      'Rhondda Cynon Taf',
      'Cardiff',
      'the Vale of Glamorgan',
      'Swansea',
      'Neath Port Talbot',
    ],
    country: 'Wales',
  },
  { label: 'Mid Glamorgan', members: ['Bridgend', 'Merthyr Tydfil', 'Rhondda Cynon Taf'], country: 'Wales' },
  { label: 'South Glamorgan', members: ['Cardiff', 'the Vale of Glamorgan'], country: 'Wales' },
  { label: 'West Glamorgan', members: ['Swansea', 'Neath Port Talbot'], country: 'Wales' },
  {
    label: 'Strathclyde',
    members: [
      'Argyll and Bute',
      'East Ayrshire',
      'North Ayrshire',
      'South Ayrshire',
      'East Dunbartonshire',
      'West Dunbartonshire',
      'East Renfrewshire',
      'Renfrewshire',
      'Inverclyde',
      'Glasgow City',
      'North Lanarkshire',
      'South Lanarkshire',
    ],
    country: 'Scotland',
  },
  { label: 'Grampian', members: ['Aberdeen City', 'Aberdeenshire', 'Moray'], country: 'Scotland' },
  { label: 'Tayside', members: ['Angus', 'Dundee City', 'Perth and Kinross'], country: 'Scotland' },
  {
    label: 'Lothian',
    members: ['City of Edinburgh', 'East Lothian', 'Midlothian', 'West Lothian'],
    country: 'Scotland',
  },
  { label: 'Central Scotland', members: ['Clackmannanshire', 'Falkirk', 'Stirling'], country: 'Scotland' },
  { label: 'Lanarkshire', members: ['North Lanarkshire', 'South Lanarkshire'], country: 'Scotland' },
  { label: 'Ayrshire', members: ['East Ayrshire', 'North Ayrshire', 'South Ayrshire'], country: 'Scotland' },
  { label: 'Borders', members: ['Scottish Borders'], country: 'Scotland' },
  { label: 'Highlands', members: ['Highland'], country: 'Scotland' },
  { label: 'Western Isles', aliases: ['Outer Hebrides'], members: ['Na h-Eileanan an Iar'], country: 'Scotland' },
];

/** The abbreviations people write for counties ('Bucks', 'Herts', 'Yorks'). */
export const COUNTY_ABBREVIATIONS: Record<string, string[]> = {
  Bedfordshire: ['Beds'],
  Berkshire: ['Berks'],
  Buckinghamshire: ['Bucks'],
  Cambridgeshire: ['Cambs'],
  Derbyshire: ['Derbys'],
  Gloucestershire: ['Glos', 'Gloucs'],
  Hampshire: ['Hants'],
  Hertfordshire: ['Herts'],
  Lancashire: ['Lancs'],
  Leicestershire: ['Leics'],
  Lincolnshire: ['Lincs'],
  Northamptonshire: ['Northants'],
  Nottinghamshire: ['Notts'],
  Oxfordshire: ['Oxon'],
  Shropshire: ['Salop'],
  Staffordshire: ['Staffs'],
  Wiltshire: ['Wilts'],
  Worcestershire: ['Worcs'],
  Yorkshire: ['Yorks'],
};

/** Approximate centres of Northern Ireland's six counties (GeoNames rows carry councils only). */
export const NI_COUNTIES: Record<string, [number, number]> = {
  Antrim: [54.86, -6.25],
  Armagh: [54.3, -6.6],
  Down: [54.35, -5.9],
  Fermanagh: [54.35, -7.63],
  Londonderry: [54.9, -6.9],
  Tyrone: [54.6, -7.1],
};

/** Qualifier words that say nothing beyond "in the UK". */
export const NOISE_QUALIFIERS = new Set(['uk', 'united kingdom', 'gb', 'great britain', 'britain']);

/** Later words of a name that get no key of their own ('upon' in 'Newcastle upon Tyne'). */
export const STOP_WORDS = new Set([
  'the',
  'and',
  'upon',
  'under',
  'with',
  'next',
  'over',
  'cum',
  'les',
  'le',
  'on',
  'in',
  'by',
  'of',
  'sea',
]);
