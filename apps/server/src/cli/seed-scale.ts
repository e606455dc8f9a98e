import { withDatabase } from './with-database';
import { parseArgs } from 'node:util';
import {
  PHASES,
  PROVIDER_CREATE_TYPES,
  PROVIDER_FILTER_TYPES,
  SCALES,
  TECHNOLOGIES,
} from '@solar/shared/constants/providers';
import { SERVICES } from '@solar/shared/constants/services';
import { migrate } from '../db/migrate';
import { valuesList } from '../db/sql-helpers';
import { completenessOf } from '../features/providers/providers.profile';

/**
 * `npm run seed:scale -- --providers 50000`: adds generated providers (source 'scale', names
 * ending "(generated)") until the directory holds that many scale rows, for load tests. Positions
 * are spread over Great Britain; a deterministic generator makes runs repeatable.
 */
const { values } = parseArgs({ options: { providers: { type: 'string', default: '50000' } } });
const target = Number(values.providers);
if (!Number.isInteger(target) || target < 0) throw new Error('--providers must be a whole number');

let seed = 42;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
const some = <T>(items: readonly T[], max: number) => [
  ...new Set(Array.from({ length: 1 + Math.floor(rand() * max) }, () => pick(items))),
];
const TYPES = [...PROVIDER_FILTER_TYPES, ...PROVIDER_CREATE_TYPES];

await withDatabase(async (database) => {
  await migrate(database);
  const [row] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM providers WHERE source = 'scale'");
  const start = row?.n ?? 0;
  const started = Date.now();
  const BATCH = 1000;
  for (let i = start; i < target; i += BATCH) {
    const rows: unknown[][] = [];
    for (let j = i; j < Math.min(target, i + BATCH); j++) {
      seed = 42 + j;
      const p = {
        businessName: `Scale Test Provider ${String(j).padStart(6, '0')} (generated)`,
        type: pick(TYPES),
        services: some(SERVICES, 4),
        technologies: some(TECHNOLOGIES, 2),
        scale: some(SCALES, 2),
        phase: some(PHASES, 2),
        location: 'Generated location',
        latitude: Math.round((50.2 + rand() * 8.3) * 1e5) / 1e5,
        longitude: Math.round((-5.5 + rand() * 7.2) * 1e5) / 1e5,
        serviceRadius: rand() < 0.1 ? -1 : Math.round(10 + rand() * 290),
        description: 'Generated provider for load tests.',
      };
      rows.push([
        `scale-test-provider-${j}`,
        p.businessName,
        p.type,
        p.services,
        p.technologies,
        p.scale,
        p.phase,
        p.location,
        p.latitude,
        p.longitude,
        p.serviceRadius,
        p.description,
        completenessOf(p),
      ]);
    }
    const placeholders = valuesList(rows, "'scale'");
    await database.query(
      `INSERT INTO providers (slug, business_name, type, services, technologies, scale, phase, location, latitude, longitude, service_radius, description, completeness, source)
       VALUES ${placeholders} ON CONFLICT DO NOTHING`,
      rows.flat(),
    );
  }
  // Planner statistics after a bulk load (PGlite has no autovacuum; docs/decisions/0300).
  await database.exec('ANALYZE providers');
  const [after] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM providers');
  console.log(
    `Generated ${Math.max(0, target - start)} providers in ${Date.now() - started} ms; the directory now holds ${after?.n ?? 0}.`,
  );
});
