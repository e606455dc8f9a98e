import { eq, sql } from 'drizzle-orm';
import { providers, users } from '../../db/schema/index';
import type { AppContext } from '../../plugins/context';
import { completenessOf, uniqueSlug } from './providers.profile';

type NewProvider = typeof providers.$inferInsert;

/**
 * Clearly fictional demo companies (names end in "(demo)", contacts on example.com), seeded only
 * with SEED_DEMO. Those with `owner` belong to that demo account; the rest stay unclaimed so the
 * claim journey can be tried.
 */
export const DEMO_PROVIDERS: Array<Omit<NewProvider, 'slug'> & { owner?: string }> = [
  {
    owner: 'provider.demo@example.com',
    businessName: 'Demo Solar Services Ltd (demo)',
    description:
      'Fictional demo company. Operations and maintenance for ground-mounted solar farms and battery sites across England and Wales, with a 24/7 control room.',
    type: 'O&M Provider',
    services: ['Operations & Maintenance (O&M)', 'Panel Cleaning', 'Thermographic Surveys', 'Vegetation Management'],
    technologies: ['Solar PV', 'BESS'],
    scale: ['Utility', 'Commercial'],
    phase: ['Operational'],
    certifications: ['ISO 9001', 'ISO 45001'],
    industryAssociations: ['Solar Energy UK'],
    location: 'Bristol, City of Bristol',
    latitude: 51.4545,
    longitude: -2.5879,
    serviceRadius: 200,
    website: 'https://demo-solar-services.example.com',
    phone: '0117 496 0000',
    email: 'hello@demo-solar-services.example.com',
    linkedin: 'https://www.linkedin.com/company/example-demo-solar',
  },
  {
    owner: 'provider.demo@example.com',
    businessName: 'Kestrel Drone Surveys (demo)',
    description:
      'Fictional demo company. Drone and thermographic surveys of solar arrays anywhere in the UK, reports within 48 hours.',
    type: 'Drone surverying',
    services: ['Drone Surveys', 'Thermographic Surveys'],
    technologies: ['Solar PV', 'Wind'],
    scale: ['Utility', 'Commercial', 'Residential'],
    phase: ['Operational', 'Construction'],
    certifications: ['CAA Operational Authorisation'],
    industryAssociations: [],
    location: 'Leeds, West Yorkshire',
    latitude: 53.7997,
    longitude: -1.5492,
    serviceRadius: -1,
    website: 'https://kestrel-drones.example.com',
    phone: '0113 496 0001',
    email: 'survey@kestrel-drones.example.com',
  },
  {
    businessName: 'Meadowlark Ecology (demo)',
    description:
      'Fictional demo company. Ecological surveys, biodiversity net gain plans and habitat management for solar sites in the South East.',
    type: 'Ecologist',
    services: ['Ecology & Biodiversity', 'Biodiversity Net Gain'],
    technologies: ['Solar PV'],
    scale: ['Utility'],
    phase: ['Development', 'Operational'],
    certifications: [],
    industryAssociations: ['CIEEM'],
    location: 'Canterbury, Kent',
    latitude: 51.2802,
    longitude: 1.0789,
    serviceRadius: 100,
    website: 'https://meadowlark-ecology.example.com',
    email: 'info@meadowlark-ecology.example.com',
  },
];

export async function seedDemoProviders(ctx: Pick<AppContext, 'database'>) {
  const db = ctx.database.db;
  const taken = new Set((await db.select({ slug: providers.slug }).from(providers)).map((r) => r.slug));
  for (const { owner, ...fields } of DEMO_PROVIDERS) {
    const [exists] = await db
      .select({ id: providers.id })
      .from(providers)
      .where(sql`lower(trim(${providers.businessName})) = ${fields.businessName.toLowerCase()}`);
    if (exists) continue;
    const [user] = owner ? await db.select({ id: users.id }).from(users).where(eq(users.email, owner)) : [];
    const slug = uniqueSlug(fields.businessName, (s) => taken.has(s));
    taken.add(slug);
    await db.insert(providers).values({
      ...fields,
      slug,
      userId: user?.id ?? null,
      claimed: Boolean(user),
      claimApproved: Boolean(user),
      source: 'demo',
      completeness: completenessOf(fields),
    });
  }
}
