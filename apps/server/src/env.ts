import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { TENDER_FEED_DEFAULT_URLS, TENDER_FEED_IDS, type TenderFeedId } from '@solar/shared/constants/data-sources';
import { EXPORT_MAX_ROWS } from '@solar/shared/constants/exports';
import { SAVED_SEARCH_LIMITS } from '@solar/shared/constants/alerts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = z.url({ protocol: /^https?$/ });

/** The names proxy-addr knows for address ranges (loopback, link-local, unique local). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, optionally with a /prefix, or one of the range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (decision 0420, docs/operations.md#client-addresses-behind-a-proxy): which hops in
 * front of the server may say who the client is. Unset or `false`: none, the socket's address is the
 * client's. A number: that many proxies, each appending to X-Forwarded-For. A list of addresses or
 * CIDR ranges: those proxies. `true` (trust every hop, so the left-most entry, which the client
 * writes, becomes its address) is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const v = value.toLowerCase();
    if (['false', '0', 'no', 'off', 'none'].includes(v)) return false;
    if (['true', 'yes', 'on', 'all', '*'].includes(v)) {
      ctx.addIssue({
        code: 'custom',
        message:
          `"${value}" would trust every hop, so each client could choose its own address (the left-most X-Forwarded-For entry) and escape every per-address limit. ` +
          'Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.1.0/24); see docs/operations.md#client-addresses-behind-a-proxy',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 10 (the number of proxies in front of the server)' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count (e.g. 1) or proxy addresses and CIDR ranges separated by commas (e.g. 10.0.0.5,10.0.1.0/24, or loopback); not understood: ${bad.map((e) => `"${e}"`).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  PUBLIC_URL: url.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('Solar Marketplace <no-reply@solar-marketplace.local>'),
  MAP_STYLE_URL: url.optional(),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: trustProxy.default(false),
  // Tests and the bench only (decision 0430): say on each cached read whether it came from memory.
  // Never on a deployment: it would tell a visitor whether someone else just asked (issue 25).
  CACHE_STATUS_HEADER: bool.default(false),
  LINK_SOLAR_MANAGER: url.default('https://www.solarmanager.uk/'),
  LINK_CONTACT: url.default('https://www.solarmanager.uk/contact'),
  LINK_PRIVATE_TENDER: url.optional(),
  LINK_GUARANTEES_ADVISORY: url.optional(),
  LINK_PRICE_BENCHMARKING: url.optional(),
  LINK_DEVELOPER: url.default('https://www.solarmanager.uk/'),
  LINK_PRIVACY_POLICY: url.default('https://www.solarmanager.uk/privacy-policy'),
  // Parts search answer service (decision 0212): an OpenAI-compatible chat-completions URL; off when unset.
  PARTS_ANSWER_URL: url.optional(),
  PARTS_ANSWER_KEY: z.string().optional(),
  PARTS_ANSWER_MODEL: z.string().default('gpt-4o-mini'),
  // Uploads in an S3-compatible bucket (decision 0382); local disk under DATA_DIR/uploads when unset.
  STORAGE_URL: z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/, 'must be s3://bucket or s3://bucket/prefix').optional(),
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().min(1).default('eu-west-2'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  PARTS_ANSWER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  // Tender feeds (decision 0390): off unless listed ('all' or ids separated by commas).
  TENDER_FEEDS: z
    .string()
    .transform((v) => (v.trim() === 'all' ? [...TENDER_FEED_IDS] : v.split(',').map((s) => s.trim()).filter(Boolean)))
    .pipe(z.array(z.enum(TENDER_FEED_IDS, { message: `each feed must be one of: all, ${TENDER_FEED_IDS.join(', ')}` })))
    .optional(),
  TENDER_FEEDS_SINCE: z.iso.date().optional(),
  FIND_A_TENDER_URL: url.default(TENDER_FEED_DEFAULT_URLS['find-a-tender']),
  CONTRACTS_FINDER_URL: url.default(TENDER_FEED_DEFAULT_URLS['contracts-finder']),
  PUBLIC_CONTRACTS_SCOTLAND_URL: url.default(TENDER_FEED_DEFAULT_URLS['public-contracts-scotland']),
  SELL2WALES_URL: url.default(TENDER_FEED_DEFAULT_URLS.sell2wales),
  // The REPD release job (decision 0395): off unless set to the GOV.UK base (https://www.gov.uk).
  REPD_FEED_URL: url.optional(),
  // Exports (decision 0491): the most rows one export holds.
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(EXPORT_MAX_ROWS).default(EXPORT_MAX_ROWS),
  // The alerts job's period (decision 0536): saved-search matches and watched-tender changes are
  // mailed this often. Five minutes unless set; journeys set a few seconds. At most ten minutes, so
  // that an instant search still mails within 15 minutes of its match (decision 0472).
  ALERTS_EVERY_MS: z.coerce.number().int().min(1000).max(600_000).default(SAVED_SEARCH_LIMITS.jobEveryMs),
  // Companies House checks (decision 0481): off unless a key is set.
  // Journeys only (decision 0550): a file holding how many milliseconds the server's clock is moved
  // forward, so a journey passes a closing time or a standstill period. Never on a deployment.
  TEST_CLOCK_FILE: z.string().min(1).optional(),
  COMPANIES_HOUSE_API_KEY: z.string().min(1).optional(),
  COMPANIES_HOUSE_URL: url.default('https://api.company-information.service.gov.uk'),
});

export type Env = ReturnType<typeof parseEnv>;

/** Reads and validates configuration; throws one readable message listing every bad value. */
export function parseEnv(source: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (e.STORAGE_URL && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  STORAGE_URL needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    DATA_DIR: path.resolve(e.DATA_DIR),
    PUBLIC_URL: publicUrl,
    SEED_DEMO: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    S3_ENDPOINT: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
    COOKIE_SECURE: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    tenderFeeds: {
      enabled: new Set<TenderFeedId>(e.TENDER_FEEDS ?? []),
      since: e.TENDER_FEEDS_SINCE ? new Date(`${e.TENDER_FEEDS_SINCE}T00:00:00Z`) : null,
      urls: {
        'find-a-tender': e.FIND_A_TENDER_URL.replace(/\/$/, ''),
        'contracts-finder': e.CONTRACTS_FINDER_URL.replace(/\/$/, ''),
        'public-contracts-scotland': e.PUBLIC_CONTRACTS_SCOTLAND_URL.replace(/\/$/, ''),
        sell2wales: e.SELL2WALES_URL.replace(/\/$/, ''),
      } satisfies Record<TenderFeedId, string>,
    },
    companiesHouse: e.COMPANIES_HOUSE_API_KEY ? { apiKey: e.COMPANIES_HOUSE_API_KEY, url: e.COMPANIES_HOUSE_URL.replace(/\/$/, '') } : null,
    repdFeedUrl: e.REPD_FEED_URL ? e.REPD_FEED_URL.replace(/\/$/, '') : null,
    exportMaxRows: e.EXPORT_MAX_ROWS,
    links: {
      solarManager: e.LINK_SOLAR_MANAGER,
      contact: e.LINK_CONTACT,
      privateTender: e.LINK_PRIVATE_TENDER ?? e.LINK_CONTACT,
      guaranteesAdvisory: e.LINK_GUARANTEES_ADVISORY ?? e.LINK_CONTACT,
      priceBenchmarking: e.LINK_PRICE_BENCHMARKING ?? e.LINK_CONTACT,
      developer: e.LINK_DEVELOPER,
      privacyPolicy: e.LINK_PRIVACY_POLICY,
    },
  };
}
