import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, withDatabase } from '../../../../test/global-setup';
import { databaseKinds } from '../../../../test/harness';
import { openDatabase, type Database } from '../../../db/client';
import { migrate, readMigrations } from '../../../db/migrate';
import { parseEnv } from '../../../env';
import { createLogger } from '../../../logger';
import { runAlerts } from '../alerts.job';

/**
 * Migration 0082 (decision 0471): the new-tender alert of decision 0180 becomes a saved search,
 * nothing lost: the switch's state, the schedule (daily), and the tenders the next digest owed,
 * which the first digest after the migration sends.
 */
describe.each(databaseKinds)('the tender alert becomes a saved search on %s', (kind) => {
  let database: Database;
  let cleanup = async () => {};
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => database.query<T>(text, params);

  beforeAll(async () => {
    if (kind === 'pglite') {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'solar-migration-'));
      database = await openDatabase({ dataDir: path.join(dir, 'pgdata') });
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const name = `solar_test_alerts_mig_${randomBytes(4).toString('hex')}`;
      await adminQuery(process.env.TEST_DATABASE_URL!, `CREATE DATABASE ${name}`);
      database = await openDatabase({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, name), dataDir: '' });
      cleanup = () => adminQuery(process.env.TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    // The schema as it was before this migrations.
    await migrate(database, readMigrations().filter((m) => m.name < '0080'));
  });
  afterAll(async () => {
    await database.close();
    await cleanup();
  });

  it('carries the switch, the schedule and the owed digest over, and the first digest sends them', async () => {
    const user = async (email: string) =>
      (await q<{ id: string }>(`INSERT INTO users (email, name, company, type, password_hash) VALUES ($1, 'Pat Provider', 'Pat Co', 'provider', 'x') RETURNING id::text AS id`, [email]))[0]!.id;
    const on = await user('on@migration.example.com');
    const off = await user('off@migration.example.com');
    const buyer = await user('buyer@migration.example.com');
    // Bristol, 50 km; the other user is countrywide.
    await q(`INSERT INTO providers (slug, business_name, services, latitude, longitude, service_radius, user_id, claimed, claim_approved) VALUES
             ('pat-cleaning', 'Pat Cleaning', '{Panel Cleaning}', 51.45, -2.59, 50, $1, true, true),
             ('off-cleaning', 'Off Cleaning', '{Panel Cleaning}', NULL, NULL, -1, $2, true, true)`, [on, off]);
    await q(`INSERT INTO tender_alerts (user_id, enabled, last_digest_at, updated_at) VALUES ($1, true, now() - interval '3 hours', now() - interval '10 days'),
             ($2, false, NULL, now() - interval '5 days')`, [on, off]);
    const tender = (title: string, hoursAgo: number, lat: number, lng: number, stage = 'active') =>
      q(`INSERT INTO tenders (user_id, source, type, service, title, latitude, longitude, stage, published_date, closing_date, created_at)
         VALUES ($1, 'Solar Manager', 'open', 'Panel Cleaning', $2, $3, $4, $5, now() - make_interval(hours => $6), now() + interval '20 days', now() - make_interval(hours => $6))`,
        [buyer, title, lat, lng, stage, hoursAgo]);
    await tender('Owed: Bath panel cleaning', 1, 51.38, -2.36);
    await tender('Sent already: Bristol job', 5, 51.45, -2.59);
    await tender('Out of area: Leeds job', 1, 53.8, -1.55);
    await tender('Draft: Bath job', 1, 51.38, -2.36, 'draft');

    await migrate(database);

    const searches = await q<{ user_id: string; name: string; kind: string; criteria: object; frequency: string; digest_hour: number; paused: boolean; next_digest_at: Date; t_my_profiles: boolean }>(
      'SELECT user_id::text AS user_id, name, kind, criteria, frequency, digest_hour, paused, next_digest_at, t_my_profiles FROM saved_searches ORDER BY paused',
    );
    expect(searches).toHaveLength(2);
    expect(searches[0]).toMatchObject({ user_id: on, name: 'Tenders for my services', kind: 'tenders', frequency: 'daily', digest_hour: 8, paused: false, t_my_profiles: true });
    // Open tenders, which since migration 0135 (decision 0576) name the early Procurement Act notices the alert always matched.
    expect(searches[0]!.criteria).toEqual({ cpv: [], regions: [], stages: ['pipeline', 'interest', 'open'], sources: [], myProfiles: true });
    expect(await q(`SELECT DISTINCT t_stages FROM saved_searches`)).toEqual([{ t_stages: ['pipeline', 'interest', 'open'] }]);
    expect(searches[1]).toMatchObject({ user_id: off, paused: true });
    // The next digest is at 08:00 UK time.
    const due = new Date(searches[0]!.next_digest_at);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).format(due)).toBe('08:00');
    expect(due.getTime()).toBeGreaterThan(Date.now());
    expect(await q(`SELECT 1 FROM information_schema.tables WHERE table_name = 'tender_alerts'`)).toEqual([]);
    const owed = await q<{ title: string }>('SELECT t.title FROM saved_search_matches m JOIN tenders t ON t.id::text = m.item_id ORDER BY t.title');
    expect(owed).toEqual([{ title: 'Owed: Bath panel cleaning' }]);

    // The first digest after the migration.
    const env = parseEnv({ NODE_ENV: 'test', SEED_DEMO: 'false', PUBLIC_URL: 'https://solar.example' });
    const log = createLogger('silent', new Writable({ write: (_c, _e, done) => done() }));
    await runAlerts({ database, env, log }, due);
    const mails = await q<{ to_address: string; subject: string; text_body: string }>(`SELECT to_address, subject, text_body FROM outbox WHERE kind = 'saved-search'`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: 'on@migration.example.com', subject: 'Daily: 1 new match for "Tenders for my services"' });
    expect(mails[0]!.text_body).toContain('Owed: Bath panel cleaning');
  });
});
