import type { AppContext } from '../../plugins/context';

/**
 * Demo only (SEED_DEMO): fictional wholesalers and installers, so a parts answer can list suppliers
 * near a location. Marked '(demo)' and stored with source 'demo' like the directory's demo companies.
 */
const DEMO_SUPPLIERS = [
  {
    slug: 'northern-solar-wholesale-demo',
    name: 'Northern Solar Wholesale (demo)',
    description: 'Fictional demo company. Stockist of PV modules, inverters, batteries and mounting kits for installers across the North of England.',
    type: 'Wholesaler',
    services: ['Spare Parts Supply'],
    location: 'Leeds, West Yorkshire',
    lat: 53.7946,
    lng: -1.5466,
    radius: 150,
  },
  {
    slug: 'pennine-solar-installers-demo',
    name: 'Pennine Solar Installers (demo)',
    description: 'Fictional demo company. MCS-style rooftop solar and battery installations for homes and businesses in Yorkshire.',
    type: 'Solar Installer',
    services: ['Rooftop Solar Installation', 'Battery Storage Integration'],
    location: 'Bradford, West Yorkshire',
    lat: 53.7938,
    lng: -1.7521,
    radius: 60,
  },
  {
    slug: 'uk-solar-parts-direct-demo',
    name: 'UK Solar Parts Direct (demo)',
    description: 'Fictional demo company. Next-day delivery of solar spare parts anywhere in the UK.',
    type: 'Wholesaler',
    services: ['Spare Parts Supply'],
    location: 'Milton Keynes, Buckinghamshire',
    lat: 52.0406,
    lng: -0.7594,
    radius: -1,
  },
] as const;

export async function seedDemoSuppliers(ctx: Pick<AppContext, 'database'>) {
  for (const s of DEMO_SUPPLIERS) {
    await ctx.database.query(
      `INSERT INTO providers (slug, business_name, description, type, services, technologies, location, latitude, longitude, service_radius, source, completeness)
       VALUES ($1, $2, $3, $4, $5, ARRAY['Solar PV', 'BESS'], $6, $7, $8, $9, 'demo', 7)
       ON CONFLICT DO NOTHING`,
      [s.slug, s.name, s.description, s.type, s.services, s.location, s.lat, s.lng, s.radius],
    );
  }
}
