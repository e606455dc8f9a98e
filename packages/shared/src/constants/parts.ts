/**
 * Parts search constants (docs/product/parts.md). The catalogue holds PV modules, inverters and a
 * few battery systems (data/parts/SOURCE.md); every other category is answered from the directory.
 */

export const PART_KINDS = ['module', 'inverter', 'battery'] as const;
export type PartKind = (typeof PART_KINDS)[number];

export const PART_KIND_LABELS: Record<PartKind, string> = {
  module: 'PV module',
  inverter: 'Inverter',
  battery: 'Battery system',
};

export const CATEGORY_GROUPS = [
  'Panels',
  'Inverters',
  'Batteries',
  'Charge controllers',
  'Racking and mounting',
  'Balance of system',
] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

/** Filters a category implies on top of the user's own specs (see domain/parts.ts). */
export interface CategoryFilter {
  technology?: 'mono' | 'multi' | 'thin-film';
  bifacial?: boolean;
  bipv?: boolean;
  hybrid?: boolean;
  minPowerW?: number;
  maxPowerW?: number;
  coupling?: 'AC' | 'DC';
}

export interface ProductCategory {
  name: string;
  group: CategoryGroup;
  /** The catalogue kind that answers this category; absent when no product data is held. */
  kind?: PartKind;
  filter?: CategoryFilter;
}

const c = (group: CategoryGroup, name: string, kind?: PartKind, filter?: CategoryFilter): ProductCategory => ({
  name,
  group,
  ...(kind && { kind }),
  ...(filter && { filter }),
});

/** About 85 product categories (docs/product/parts.md#catalogue), grouped as the spec lists them. */
export const PRODUCT_CATEGORIES: readonly ProductCategory[] = [
  c('Panels', 'Solar Panels', 'module'),
  c('Panels', 'Monocrystalline Solar Panels', 'module', { technology: 'mono' }),
  c('Panels', 'Polycrystalline Solar Panels', 'module', { technology: 'multi' }),
  c('Panels', 'Thin-Film Solar Panels', 'module', { technology: 'thin-film' }),
  c('Panels', 'Bifacial Solar Panels', 'module', { bifacial: true }),
  c('Panels', 'Building-Integrated PV (BIPV)', 'module', { bipv: true }),
  c('Panels', 'High-Output Solar Panels (400 W+)', 'module', { minPowerW: 400 }),
  c('Panels', 'Commercial Solar Panels', 'module'),
  c('Panels', 'Residential Solar Panels', 'module'),
  c('Panels', 'Half-Cut Cell Solar Panels'),
  c('Panels', 'All-Black Solar Panels'),
  c('Panels', 'Flexible Solar Panels'),
  c('Panels', 'Solar Roof Tiles'),
  c('Panels', 'PV-T Hybrid Panels'),
  c('Panels', 'Portable Solar Panels'),
  c('Inverters', 'Solar Inverters', 'inverter'),
  c('Inverters', 'String Inverters', 'inverter', { hybrid: false, minPowerW: 1000 }),
  c('Inverters', 'Hybrid Inverters', 'inverter', { hybrid: true }),
  c('Inverters', 'Microinverters', 'inverter', { maxPowerW: 1000 }),
  c('Inverters', 'Central Inverters', 'inverter', { minPowerW: 100_000 }),
  c('Inverters', 'Commercial Inverters', 'inverter', { minPowerW: 30_000 }),
  c('Inverters', 'Three-Phase Inverters'),
  c('Inverters', 'Battery Inverters'),
  c('Inverters', 'Off-Grid Inverters'),
  c('Inverters', 'Inverter Chargers'),
  c('Inverters', 'Power Optimisers'),
  c('Inverters', 'Rapid Shutdown Devices'),
  c('Batteries', 'Battery Storage Systems', 'battery'),
  c('Batteries', 'Home Battery Storage', 'battery'),
  c('Batteries', 'AC-Coupled Battery Systems', 'battery', { coupling: 'AC' }),
  c('Batteries', 'DC-Coupled Battery Systems', 'battery', { coupling: 'DC' }),
  c('Batteries', 'Lithium Iron Phosphate (LFP) Batteries'),
  c('Batteries', 'Lithium-Ion Batteries'),
  c('Batteries', 'Lead-Acid Batteries'),
  c('Batteries', 'Commercial Battery Storage'),
  c('Batteries', 'Battery Management Systems'),
  c('Batteries', 'Battery Racks and Enclosures'),
  c('Batteries', 'Flow Batteries'),
  c('Charge controllers', 'Solar Charge Controllers'),
  c('Charge controllers', 'MPPT Charge Controllers'),
  c('Charge controllers', 'PWM Charge Controllers'),
  c('Charge controllers', 'Charge Controller Displays'),
  c('Racking and mounting', 'Pitched Roof Mounting Systems'),
  c('Racking and mounting', 'Flat Roof Mounting Systems'),
  c('Racking and mounting', 'In-Roof Mounting Kits'),
  c('Racking and mounting', 'Ballasted Mounting Systems'),
  c('Racking and mounting', 'Ground Mount Systems'),
  c('Racking and mounting', 'Ground Screws'),
  c('Racking and mounting', 'Solar Carports'),
  c('Racking and mounting', 'Solar Trackers'),
  c('Racking and mounting', 'Mounting Rails'),
  c('Racking and mounting', 'Roof Hooks'),
  c('Racking and mounting', 'End Clamps'),
  c('Racking and mounting', 'Mid Clamps'),
  c('Racking and mounting', 'Slate and Tile Brackets'),
  c('Racking and mounting', 'Bird Protection Kits'),
  c('Balance of system', 'DC Solar Cable'),
  c('Balance of system', 'AC Cable'),
  c('Balance of system', 'MC4 Connectors'),
  c('Balance of system', 'DC Isolators'),
  c('Balance of system', 'AC Isolators'),
  c('Balance of system', 'Combiner Boxes'),
  c('Balance of system', 'String Fuses'),
  c('Balance of system', 'Surge Protection Devices'),
  c('Balance of system', 'Circuit Breakers (MCBs and RCBOs)'),
  c('Balance of system', 'Consumer Units'),
  c('Balance of system', 'Generation Meters'),
  c('Balance of system', 'Energy Monitoring Systems'),
  c('Balance of system', 'Export Limiting Devices'),
  c('Balance of system', 'CT Clamps'),
  c('Balance of system', 'Monitoring Dataloggers'),
  c('Balance of system', 'Solar PV Diverters'),
  c('Balance of system', 'EV Chargers'),
  c('Balance of system', 'Transformers'),
  c('Balance of system', 'Switchgear'),
  c('Balance of system', 'Cable Trays and Trunking'),
  c('Balance of system', 'Conduit'),
  c('Balance of system', 'Earthing and Bonding Kits'),
  c('Balance of system', 'Junction Boxes'),
  c('Balance of system', 'Weather Stations'),
  c('Balance of system', 'Irradiance Sensors'),
  c('Balance of system', 'Panel Cleaning Equipment'),
  c('Balance of system', 'Safety Labels and Signage'),
  c('Balance of system', 'Fire Safety Switches'),
  c('Balance of system', 'Cable Glands'),
];

export const PRODUCT_NAMES: readonly string[] = PRODUCT_CATEGORIES.map((p) => p.name);

/**
 * About 150 brand names (docs/product/parts.md#catalogue): every brand of the bundled catalogue as normalised on import
 * (domain/parts.ts `normaliseManufacturer`), plus brands sold in the UK that the catalogue lacks.
 */
export const BRANDS: readonly string[] = [
  // Modules
  'Aiko', 'Astronergy', 'AU Optronics', 'AXITEC', 'Boviet Solar', 'Canadian Solar', 'DMEGC', 'DualSun', 'Eurener', 'Exiom',
  'First Solar', 'GCL', 'Hanwha SolarOne', 'Heliene', 'Hyundai', 'JA Solar', 'Jinko Solar', 'Jolywood', 'LG', 'LONGi',
  'Maxeon', 'Merlin Solar', 'Meyer Burger', 'Mission Solar', 'Panasonic', 'PEIMAR', 'Perlight Solar', 'Phono Solar', 'Qcells', 'REC',
  'Recom', 'Risen Energy', 'S-Energy', 'Seraphim', 'Sharp', 'Silfab Solar', 'Solar Frontier', 'Solaria', 'Solarwatt', 'SunPower',
  'Suntech', 'Talesun', 'Tongwei', 'Trina Solar', 'ULICA Solar', 'Upsolar', 'Vikram Solar', 'Waaree', 'WINAICO', 'Yingli',
  'ZNShine', 'Bisol', 'Viessmann', 'Topsun', 'Vietnam Sunergy', 'United Renewable Energy', 'Auxin Solar', 'Hansol Technics', 'Shinsung E&G',
  // Inverters
  'ABB', 'Alpha ESS', 'APsystems', 'Chint Power Systems', 'Delta', 'Deye', 'Eaton', 'Enphase', 'FIMER', 'Fox ESS',
  'Fronius', 'Generac', 'GivEnergy', 'GoodWe', 'Growatt', 'Hoymiles', 'Huawei', 'Ingeteam', 'KACO', 'Kostal',
  'Lux Power', 'OutBack Power', 'Power Electronics', 'Schneider Electric', 'SMA', 'Sofar Solar', 'Sol-Ark', 'SolarEdge', 'Solis', 'SolaX',
  'Sungrow', 'Sunsynk', 'Tesla', 'Tigo', 'TMEIC', 'Yaskawa Solectria', 'Victron Energy', 'Sinexcel', 'Gamesa Electric',
  // Batteries
  'BYD', 'Pylontech', 'LG Energy Solution', 'sonnen', 'Powervault', 'Puredrive', 'Dyness', 'Fogstar', 'Duracell Energy', 'Moixa',
  'Siemens', 'NeoVolta', 'Sigenergy', 'EcoFlow', 'Pika Energy', 'Tesvolt',
  // Charge controllers
  'Morningstar', 'EPEver', 'Renogy', 'Steca', 'Votronic', 'Midnite Solar',
  // Racking and mounting
  'Renusol', 'Schletter', 'K2 Systems', 'Van der Valk', 'Esdec', 'IronRidge', 'Unirac', 'Fastensol', 'Viridian Solar', 'GSE Integration',
  'Easy Roof', 'Marley', 'Mounting Systems', 'Clenergy', 'Aerocompact', 'Nextracker', 'Array Technologies', 'Soltec', 'Sunfixings',
  // Balance of system
  'Stäubli', 'Amphenol', 'Santon', 'IMO Precision Controls', 'Hager', 'DEHN', 'Citel', 'Eastron', 'Emlite', 'myenergi',
  'Solar iBoost', 'Prysmian', 'Lapp', 'Wallbox', 'Garo', 'Weidmüller', 'Phoenix Contact',
];

/** The exact texts users see (docs/product/parts.md). */
export const PARTS_MESSAGES = {
  productRequired: 'Please select a product',
  searchFailed: 'Failed to search for parts',
  searchErrorTitle: 'Search Error',
  partNotFound: 'Part not found',
} as const;

/** Request limits for POST /api/parts/search. */
/** 'at least X' with no maximum reads as X to this many times X (decision 0362). */
export const POWER_RANGE_FACTOR = 10;

export const PARTS_LIMITS = {
  productMax: 120,
  brandMax: 80,
  brandsMax: 20,
  locationMax: 120,
  additionalSpecsMax: 500,
  quantityMax: 1_000_000,
  /** Products shown in an answer. */
  answerProducts: 5,
  /** Suppliers listed in an answer. */
  answerSuppliers: 5,
  /** Searches per IP per minute. */
  searchesPerMinute: 30,
} as const;
