import type { OcdsRelease } from '../ocds/ocds-mapper';

/**
 * The new notices the feed fixture serves besides the bundled sample (issue 29, decision 0460):
 * three days of Find a Tender releases as the Procurement Act publishes them (300 notices, 60 of
 * them solar, storage, wind or EV jobs, with a burst of 210 in three hours), one solar procurement
 * through its Procurement Act notices (UK1–UK4 with an expression-of-interest deadline; UK4, UK6,
 * UK7 and UK10; UK4 and UK12), a generated notice its buyer corrects later (`tenderUpdate`), Public Contracts Scotland site notices 101–104 and Sell2Wales site
 * notices 51–56 (one solar job on each), a Welsh notice on Sell2Wales and Find a Tender and a
 * Scottish one on Public Contracts Scotland and Find a Tender. Shapes follow the sources: Find a
 * Tender release ids 'NNNNNN-YYYY', ocids 'ocds-h6vhtk-hhhhhh', notice documents with
 * `noticeType` (cabinetoffice/ocds_uk_extension), buyers with GB-PPON identifiers.
 * Every notice is labelled for relevance in test/fixtures/ocds-relevance-labels.json.
 */
export interface FeedScenario {
  /** Find a Tender's releases, oldest first. */
  findATender: OcdsRelease[];
  publicContractsScotland: Array<OcdsRelease & { noticeType: number }>;
  sell2wales: Array<OcdsRelease & { noticeType: number }>;
  /** The 60 relevant generated notices' ocids (the issue's stand-in: all must reach the board). */
  solarOcids: string[];
  /** The releases served with an invalid number (` 000,`) and with `1e9999`. */
  badNumberReleaseIds: { leadingZeros: string; overflow: string };
  pa23: { pipelineToInterest: string; awardedAndChanged: string; cancelled: string };
  /** A generated notice its buyer corrects 45 hours 6 minutes into the three days: a later closing date and value. */
  correction: { ocid: string; title: string; date: string; closingDate: string; value: number };
  duplicates: { welsh: { findATender: string; sell2wales: string }; scottish: { findATender: string; scotland: string } };
  start: Date;
  end: Date;
}

const HOUR = 3_600_000;
const PLACES = ['Ashford', 'Barnsley', 'Carlisle', 'Dudley', 'Exeter', 'Frome', 'Gateshead', 'Harlow', 'Ipswich', 'Kendal', 'Luton', 'Malvern', 'Newark', 'Oldham', 'Penrith', 'Redditch', 'Stroud', 'Taunton', 'Wigan', 'Yeovil'];

/** Relevant templates: work on a solar, storage, wind or EV charging asset (the label rules of decision 0462). */
const RELEVANT: Array<{ title: string; description: string; cpv: string }> = [
  { title: 'Supply and installation of roof-mounted solar PV at {p} Primary School', description: 'Design, supply and install a 50 kWp roof-mounted solar PV system with monitoring.', cpv: '09332000' },
  { title: 'Solar panel cleaning and inspection, {p} depot', description: 'Twice-yearly cleaning and visual inspection of 400 solar panels on the depot roofs.', cpv: '90911300' },
  { title: 'Battery energy storage system for {p} leisure centre', description: 'A 200 kWh battery energy storage system alongside the existing PV array.', cpv: '31440000' },
  { title: 'Operation and maintenance of {p} council solar farm', description: 'Preventive and corrective maintenance of a 5 MW ground-mounted solar farm, inverters included.', cpv: '50000000' },
  { title: 'Photovoltaic array at {p} water treatment works', description: 'Ground-mounted photovoltaic array of 1.2 MWp with private wire to the works.', cpv: '09331200' },
  { title: 'Inverter replacement for {p} housing PV systems', description: 'Replace failed string inverters on 120 council homes with PV systems.', cpv: '50532000' },
  { title: 'EV charge points with solar canopy at {p} park and ride', description: 'Twenty EV charge points under a solar canopy, with a battery.', cpv: '45315300' },
  { title: 'Onshore wind turbine maintenance, {p} community wind farm', description: 'Service contract for three 2.3 MW onshore wind turbines.', cpv: '45251160' },
  { title: 'Decarbonisation of {p} schools: heat pumps and solar PV', description: 'Air source heat pumps, solar PV and battery storage in six schools.', cpv: '45331000' },
  { title: 'Thermographic survey of solar panels across the {p} estate', description: 'Drone thermography of rooftop solar panels on 30 public buildings, with a defects report.', cpv: '71355000' },
  { title: 'Grid connection works for {p} solar farm', description: 'Point of connection works and a new substation for a 10 MW solar farm.', cpv: '45231400' },
  { title: 'Repowering of {p} landfill site solar array', description: 'Replace modules and inverters of a 2 MW solar array commissioned in 2012.', cpv: '09331200' },
];

/** Not relevant: other trades, and the classes decision 0462 rules out (broad facilities or electrical work, consultancy about a programme, solar thermal and shading). */
const NOT_RELEVANT: Array<{ title: string; description: string; cpv: string; lots?: string[] }> = [
  { title: 'Catering services for {p} schools', description: 'School meals for 14 primary schools.', cpv: '55524000' },
  { title: 'Road resurfacing programme {p}', description: 'Planned resurfacing of carriageways and footways.', cpv: '45233142' },
  {
    title: 'Cleaning services framework for {p} council buildings',
    description: 'A four-year framework for internal and external cleaning across the council estate.',
    cpv: '90910000',
    lots: ['Offices, communal areas, high-level windows, gutters, graffiti, solar panel cleaning, voids and trauma cleans'],
  },
  { title: 'Electrical switchgear replacement at {p} depot', description: 'Replace the main LV switchgear and sub-mains in the depot workshops.', cpv: '45310000' },
  { title: 'Electrical installation condition reports for {p} housing', description: 'Five-yearly EICRs and make-safe works in 2,000 homes.', cpv: '50711000' },
  { title: 'Solar shading film to {p} library windows', description: 'Supply and fit solar control film to the south elevation.', cpv: '44221000' },
  { title: 'Solar thermal hot water for {p} swimming pool', description: 'Replace the solar thermal collectors that heat the pool water.', cpv: '09331100' },
  { title: 'Communications support for the {p} wind farm programme', description: 'Public engagement events and a website for a programme of onshore wind projects.', cpv: '79416000' },
  { title: 'IT service desk for {p} council', description: 'First and second line IT support.', cpv: '72253000' },
  { title: 'Grounds maintenance in {p}', description: 'Grass cutting, hedges and shrub beds in parks and cemeteries.', cpv: '77314000' },
  { title: 'LED street lighting replacement, {p}', description: 'Replace 3,000 sodium lanterns with LED.', cpv: '34993000' },
  { title: 'Lift maintenance for {p} housing blocks', description: 'Servicing and repair of 40 passenger lifts.', cpv: '50750000' },
];

const hex = (n: number) => n.toString(16).padStart(6, '0');
const fill = (s: string, place: string) => s.replace('{p}', place);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function ftsRelease(options: {
  serial: number;
  ocid: string;
  date: number;
  title: string;
  description: string;
  cpv: string;
  noticeType: string;
  tag: string[];
  buyer: { name: string; ppon: string; coh?: string };
  value?: number;
  aboveThreshold?: boolean;
  lots?: string[];
  extra?: Partial<OcdsRelease> & Record<string, unknown>;
}): OcdsRelease {
  const year = new Date(options.date).getUTCFullYear();
  const id = `${String(options.serial).padStart(6, '0')}-${year}`;
  const buyerId = `GB-PPON-${options.buyer.ppon}`;
  const notice = { id, documentType: options.noticeType <= 'UK3' && options.noticeType.length === 3 ? 'marketEngagementNotice' : 'tenderNotice', noticeType: options.noticeType, format: 'text/html', url: `https://www.find-tender.service.gov.uk/Notice/${id}`, datePublished: iso(options.date) };
  const planning = ['UK1', 'UK2', 'UK3'].includes(options.noticeType);
  return {
    id,
    ocid: options.ocid,
    date: iso(options.date),
    tag: options.tag,
    parties: [
      {
        id: buyerId,
        name: options.buyer.name,
        identifier: { scheme: 'GB-PPON', id: options.buyer.ppon },
        ...(options.buyer.coh ? { additionalIdentifiers: [{ scheme: 'GB-COH', id: options.buyer.coh }] } : {}),
        roles: ['buyer'],
        address: { locality: options.buyer.name.split(' ')[0], postalCode: 'EX1 1AA', countryName: 'United Kingdom' },
        contactPoint: { email: 'procurement@example.gov.uk' },
      },
    ],
    buyer: { id: buyerId, name: options.buyer.name },
    ...(planning ? { planning: { documents: [notice] } } : {}),
    tender: {
      title: options.title,
      description: options.description,
      status: planning ? 'planning' : 'active',
      classification: { scheme: 'CPV', id: options.cpv },
      ...(options.value !== undefined ? { value: { amount: options.value, currency: 'GBP' } } : {}),
      ...(options.aboveThreshold !== undefined ? { aboveThreshold: options.aboveThreshold } : {}),
      ...(planning ? {} : { tenderPeriod: { endDate: iso(options.date + 30 * 24 * HOUR) }, documents: [notice] }),
      ...(options.lots ? { lots: options.lots.map((l, i) => ({ id: String(i + 1), title: `Lot ${i + 1}`, description: l, status: 'active' })) } : {}),
    },
    ...options.extra,
  } as OcdsRelease;
}

/** The scenario ending at `end` (three days of releases before it). */
export function buildFeedScenario(end: Date): FeedScenario {
  const start = new Date(end.getTime() - 72 * HOUR);
  const fts: OcdsRelease[] = [];
  const solarOcids: string[] = [];
  const generated: Array<Parameters<typeof ftsRelease>[0]> = [];
  let serial = 70_000;
  const burstStart = start.getTime() + 33 * HOUR; // day 2, 09:00 when the end is at midnight
  // 300 notices: 210 in a three-hour burst, 90 spread over the rest of the three days.
  for (let i = 0; i < 300; i++) {
    const relevant = i % 5 === 0; // 60 of 300
    const place = PLACES[i % PLACES.length]!;
    const template = relevant ? RELEVANT[(i / 5) % RELEVANT.length]! : NOT_RELEVANT[i % NOT_RELEVANT.length]!;
    const spread = ((i - 210) * 69 * HOUR) / 90;
    const date = i < 210 ? burstStart + Math.floor((i * 3 * HOUR) / 210) : start.getTime() + Math.floor(spread >= 33 * HOUR ? spread + 3 * HOUR : spread);
    const ocid = `ocds-h6vhtk-${hex(0x070000 + i)}`;
    if (relevant) solarOcids.push(ocid);
    generated.push({
      serial: serial++,
      ocid,
      date,
      title: `${fill(template.title, place)} (${i + 1})`,
      description: template.description,
      cpv: template.cpv,
      noticeType: 'UK4',
      tag: ['tender'],
      buyer: { name: `${place} Council`, ppon: `P${hex(i).toUpperCase()}-0000-AAAA` },
      value: 20_000 + i * 1_000,
      aboveThreshold: i % 2 === 0,
      lots: 'lots' in template ? (template.lots as string[]) : undefined,
    });
    fts.push(ftsRelease(generated[i]!));
  }
  const t = (h: number) => start.getTime() + h * HOUR;
  // A correction: the buyer of notice 201 (a relevant one of the day-2 burst) changes its value and
  // gives two more weeks. A changed notice is a new release of the same ocid, tagged
  // `tenderUpdate` (OCDS 1.1 releaseTag codelist: "an update to a tender notice"), with a notice
  // document of its own; the record's latest release wins (OCDS merging by release date).
  const original = generated[200]!;
  const correctionRelease = ftsRelease({ ...original, serial: serial++, date: t(45.1), tag: ['tenderUpdate'], value: original.value! + 15_000 });
  correctionRelease.tender!.tenderPeriod = { endDate: iso(original.date + 44 * 24 * HOUR) };
  fts.push(correctionRelease);
  const county = { name: 'Devon County Council', ppon: 'PDEV-1234-COUN', coh: '01234567' };
  // A: pipeline, market engagement, planned procurement, then open for interest.
  const a = 'ocds-h6vhtk-0a0001';
  const aTitle = 'Solar PV and battery storage for council depots';
  const aDesc = 'Roof-mounted solar PV with battery storage at five depots, with five years of maintenance.';
  for (const [h, type] of [[1, 'UK1'], [5, 'UK2'], [20, 'UK3']] as const) {
    fts.push(ftsRelease({ serial: serial++, ocid: a, date: t(h), title: aTitle, description: aDesc, cpv: '09332000', noticeType: type, tag: ['planning'], buyer: county, value: 1_800_000, aboveThreshold: true }));
  }
  fts.push(
    ftsRelease({
      serial: serial++,
      ocid: a,
      date: t(50),
      title: aTitle,
      description: aDesc,
      cpv: '09332000',
      noticeType: 'UK4',
      tag: ['tender'],
      buyer: county,
      value: 1_800_000,
      aboveThreshold: true,
      extra: {},
    }),
  );
  (fts[fts.length - 1]!.tender as Record<string, unknown>).expressionOfInterestDeadline = iso(end.getTime() + 10 * 24 * HOUR);
  (fts[fts.length - 1]!.tender as Record<string, unknown>).procurementMethodDetails = 'Competitive flexible procedure';
  // B: open (below threshold), two lots awarded, contract details, a contract change.
  const b = 'ocds-h6vhtk-0a0002';
  const bTitle = 'Rooftop solar PV installation framework';
  const bBase = { ocid: b, title: bTitle, description: 'Two lots: schools and offices. Design, supply, installation and commissioning of rooftop solar PV.', cpv: '09332000', buyer: county, value: 120_000, aboveThreshold: false };
  fts.push(ftsRelease({ ...bBase, serial: serial++, date: t(2), noticeType: 'UK4', tag: ['tender'], lots: ['Schools', 'Offices'] }));
  const supplierParty = (id: string, name: string, ppon: string, coh: string) => ({
    id,
    name,
    identifier: { scheme: 'GB-PPON', id: ppon },
    additionalIdentifiers: [{ scheme: 'GB-COH', id: coh }],
    roles: ['supplier'],
  });
  const awards = [
    { id: '1', status: 'active', date: iso(t(30)), relatedLots: ['1'], value: { amount: 60_000, currency: 'GBP' }, suppliers: [{ id: 'GB-PPON-PSUN-1111-AAAA', name: 'Sunrise Solar Ltd' }], aboveThreshold: false },
    { id: '2', status: 'active', date: iso(t(30)), relatedLots: ['2'], value: { amount: 55_000, currency: 'GBP' }, suppliers: [{ id: 'GB-PPON-PBRI-2222-BBBB', name: 'Bright Roofs Ltd' }], aboveThreshold: false },
  ];
  const withSuppliers = (r: OcdsRelease) => {
    r.parties = [...(r.parties ?? []), supplierParty('GB-PPON-PSUN-1111-AAAA', 'Sunrise Solar Ltd', 'PSUN-1111-AAAA', '07654321'), supplierParty('GB-PPON-PBRI-2222-BBBB', 'Bright Roofs Ltd', 'PBRI-2222-BBBB', '08765432')];
    return r;
  };
  for (const [h, type, tag] of [[30, 'UK6', ['award']], [40, 'UK7', ['contract']], [60, 'UK10', ['contractAmendment']]] as const) {
    const r = withSuppliers(ftsRelease({ ...bBase, serial: serial++, date: t(h), noticeType: type, tag: [...tag] }));
    const doc = r.tender!.documents![0]!;
    r.tender!.documents = [];
    if (type === 'UK6') r.awards = awards.map((x) => ({ ...x, documents: [doc] }));
    else r.contracts = [{ status: 'active', aboveThreshold: false, documents: [doc] }];
    fts.push(r);
  }
  // C: open, then stopped (procurement termination).
  const c = 'ocds-h6vhtk-0a0003';
  const cBase = { ocid: c, title: 'Solar car park canopy at County Hall', description: 'Design and build of a 150 kWp solar canopy over the staff car park.', cpv: '09332000', buyer: county, value: 400_000, aboveThreshold: true };
  fts.push(ftsRelease({ ...cBase, serial: serial++, date: t(3), noticeType: 'UK4', tag: ['tender'] }));
  const cancelled = ftsRelease({ ...cBase, serial: serial++, date: t(45), noticeType: 'UK12', tag: ['tenderCancellation'] });
  cancelled.tender!.status = 'cancelled';
  fts.push(cancelled);

  // Duplicates: a Welsh notice on Find a Tender (first) and Sell2Wales; a Scottish one on Public
  // Contracts Scotland (first) and Find a Tender.
  const welshTitle = 'Ysgol Bro Dinefwr solar PV and battery installation';
  const welshFts = 'ocds-h6vhtk-0a0004';
  const carms = { name: 'Carmarthenshire County Council', ppon: 'PCAR-5555-WALE' };
  fts.push(ftsRelease({ serial: serial++, ocid: welshFts, date: t(10), title: welshTitle, description: 'Solar PV and a battery at the school, below threshold.', cpv: '09332000', noticeType: 'UK4', tag: ['tender'], buyer: carms, value: 90_000, aboveThreshold: false }));
  const scottishTitle = 'Solar PV retrofit to Highland Council offices';
  const scottishFts = 'ocds-h6vhtk-0a0005';
  const highland = { name: 'The Highland Council', ppon: 'PHIG-7777-SCOT' };
  fts.push(ftsRelease({ serial: serial++, ocid: scottishFts, date: t(26), title: scottishTitle, description: 'Solar PV on four office buildings in Inverness.', cpv: '09332000', noticeType: 'UK4', tag: ['tender'], buyer: highland, value: 650_000, aboveThreshold: true }));

  const proactis = (ocid: string, noticeType: number, hours: number, title: string, description: string, cpv: string, buyer: string, tag: string[], site: string, value?: number) =>
    ({
      ocid,
      id: `${ocid}-${noticeType}`,
      date: iso(t(hours)),
      tag,
      noticeType,
      parties: [{ id: 'org-1', name: buyer, roles: ['buyer'], address: { locality: buyer.split(' ')[0], postalCode: 'IV1 1AA' } }],
      buyer: { id: 'org-1', name: buyer },
      tender: {
        title,
        description,
        status: tag.includes('award') ? 'complete' : tag.includes('planning') ? 'planned' : 'active',
        classification: { scheme: 'CPV', id: cpv },
        ...(value ? { value: { amount: value, currency: 'GBP' } } : {}),
        ...(tag.includes('tender') ? { tenderPeriod: { endDate: iso(end.getTime() + 20 * 24 * HOUR) } } : {}),
        documents: [{ id: 'notice', documentType: 'tenderNotice', format: 'text/html', url: `https://www.${site}/search/show/search_view.aspx?ID=${ocid.slice(-6)}` }],
      },
      ...(tag.includes('award') ? { awards: [{ id: '1', status: 'active', date: iso(t(hours)), suppliers: [{ name: 'Local Supplier Ltd' }] }] } : {}),
    }) as OcdsRelease & { noticeType: number };
  const pcs = 'publiccontractsscotland.gov.uk';
  const publicContractsScotland = [
    proactis('ocds-r6ebe6-0000900101', 101, 4, 'Grass cutting for Orkney schools 2027', 'Prior information: grass cutting at 12 schools.', '77314000', 'Orkney Islands Council', ['planning'], pcs),
    proactis('ocds-r6ebe6-0000900102', 102, 8, 'Supply and installation of solar PV at Stromness Primary School', 'A 30 kWp roof-mounted solar PV system.', '09332000', 'Orkney Islands Council', ['tender'], pcs, 45_000),
    proactis('ocds-r6ebe6-0000900103', 103, 12, 'School meals provisions Orkney', 'Award of a catering supplies contract.', '15000000', 'Orkney Islands Council', ['award'], pcs),
    proactis('ocds-r6ebe6-0000900104', 104, 16, 'Quick Quote: office stationery', 'Award of a Quick Quote for stationery.', '30192000', 'Orkney Islands Council', ['award'], pcs),
    proactis('ocds-r6ebe6-0000900001', 102, 20, scottishTitle, 'Solar PV on four office buildings in Inverness.', '09332000', 'The Highland Council', ['tender'], pcs, 650_000),
  ];
  const s2w = 'sell2wales.gov.wales';
  const sell2wales = [
    proactis('ocds-kuma6s-900051', 51, 6, 'Solar PV maintenance for Ceredigion leisure centres', 'Annual maintenance and cleaning of solar PV on four leisure centres.', '50000000', 'Ceredigion County Council', ['tender'], s2w, 25_000),
    proactis('ocds-kuma6s-900052', 52, 9, 'Minibus hire framework 2027', 'Prior information on a minibus hire framework.', '60170000', 'Ceredigion County Council', ['planning'], s2w),
    proactis('ocds-kuma6s-900053', 53, 13, 'Library book supply award', 'Award of the library book supply contract.', '22113000', 'Ceredigion County Council', ['award'], s2w),
    proactis('ocds-kuma6s-900054', 54, 17, 'Sub-contract: scaffolding for Aberaeron harbour wall', 'A prime contractor invites scaffolding sub-contractors.', '45262100', 'Morgan Civils Ltd', ['tender'], s2w),
    proactis('ocds-kuma6s-900055', 55, 21, 'Sub-contract: catering at Aberystwyth campus', 'Opportunity after the main award.', '55520000', 'Campus Services Ltd', ['tender'], s2w),
    proactis('ocds-kuma6s-900056', 56, 25, 'Sub-contract award: traffic management Cardigan', 'Award of a traffic management sub-contract.', '63712400', 'Morgan Civils Ltd', ['award'], s2w),
    proactis('ocds-kuma6s-900001', 51, 34, welshTitle, 'Solar PV and a battery at the school, below threshold.', '09332000', carms.name, ['tender'], s2w, 90_000),
  ];
  fts.sort((x, y) => (x.date ?? '').localeCompare(y.date ?? '') || String(x.id).localeCompare(String(y.id)));
  const solar = fts.filter((r) => solarOcids.includes(r.ocid!));
  return {
    findATender: fts,
    publicContractsScotland,
    sell2wales,
    solarOcids,
    badNumberReleaseIds: { leadingZeros: String(solar[7]!.id), overflow: String(solar[40]!.id) },
    pa23: { pipelineToInterest: a, awardedAndChanged: b, cancelled: c },
    correction: {
      ocid: original.ocid,
      title: original.title,
      date: correctionRelease.date!,
      closingDate: correctionRelease.tender!.tenderPeriod!.endDate!,
      value: original.value! + 15_000,
    },
    duplicates: {
      welsh: { findATender: welshFts, sell2wales: 'ocds-kuma6s-900001' },
      scottish: { findATender: scottishFts, scotland: 'ocds-r6ebe6-0000900001' },
    },
    start,
    end,
  };
}
