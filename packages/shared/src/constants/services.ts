/**
 * The canonical services list (`GET /api/services`, docs/product/geo.md#services). The spec gives none, so this is a
 * curated list of the services UK solar and battery asset owners buy, spelled as users search for
 * them (docs/decisions/0120-services-list.md). Providers may still list services not named here:
 * the directory's service filter matches by substring.
 */
export const SERVICES = [
  'Operations & Maintenance (O&M)',
  'Panel Cleaning',
  'Drone Surveys',
  'Thermographic Surveys',
  'Vegetation Management',
  'Grazing (Sheep)',
  'Security & CCTV',
  'Fencing',
  'Ecology & Biodiversity',
  'Biodiversity Net Gain',
  'Grid Connection',
  'High Voltage (HV) Services',
  'Substation Maintenance',
  'Electrical Testing & Inspection',
  'Inverter Servicing & Repair',
  'Monitoring & SCADA',
  'Asset Management',
  'Technical Advisory',
  'Due Diligence',
  'Legal Services',
  'Insurance',
  'Financial Services',
  'Planning Consultancy',
  'Environmental Impact Assessment',
  'Landscape & Visual Assessment',
  'Land Agency',
  'Site Development',
  'EPC (Engineering, Procurement & Construction)',
  'Solar Installation',
  'Rooftop Solar Installation',
  'Repowering',
  'Decommissioning & Recycling',
  'Battery Storage Integration',
  'Spare Parts Supply',
  'Module Testing (EL & IV Curve)',
  'Civil Works',
  'Health & Safety (CDM)',
  'Energy Trading & PPAs',
] as const;

export type Service = (typeof SERVICES)[number];
