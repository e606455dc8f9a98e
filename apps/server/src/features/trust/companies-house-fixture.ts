import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Companies House public data API on 127.0.0.1 (the client's tests and the
 * trust journey, e2e/tests/trust.spec.ts), answering in the documented shapes; each behaviour and
 * its source is listed in docs/decisions/0481-companies-house-checks.md:
 * - HTTP Basic with the key as user name; a wrong or missing key is 401.
 * - `GET /company/{n}`: the company profile resource, or 404 with
 *   `{"errors":[{"type":"ch:service","error":"company-profile-not-found"}]}`.
 * - `GET /company/{n}/officers`: the officer list (`items`, `active_count`, `total_results`).
 * - `GET /company/{n}/insolvency`: the insolvency resource (`cases`), 404 when there is none.
 * - 600 requests per 5 minutes per key (`limit` to test with fewer), then 429; every answer carries
 *   `X-Ratelimit-Limit`, `X-Ratelimit-Remain`, `X-Ratelimit-Reset` (epoch seconds), `X-Ratelimit-Window`.
 * - Faults on purpose: company 99999998 answers 200 with a body that is not JSON; 99999997 answers 500.
 */

export interface FixtureCompany {
  number: string;
  name: string;
  status?: string;
  createdOn?: string;
  sicCodes?: string[];
  postcode?: string;
  locality?: string;
  accountsOverdue?: boolean;
  confirmationOverdue?: boolean;
  officers?: Array<{ name: string; role?: string; resignedOn?: string }>;
  insolvencyCases?: Array<{ type: string; number: number }>;
}

export interface CompaniesHouseFixture {
  url: string;
  key: string;
  /** Paths asked, in order. */
  requests: string[];
  companies: Map<string, FixtureCompany>;
  close(): Promise<void>;
}

export const FIXTURE_BAD_JSON = '99999998';
export const FIXTURE_SERVER_ERROR = '99999997';

/** Companies the journeys and the demo use (real-looking, made up). */
export const FIXTURE_COMPANIES: FixtureCompany[] = [
  {
    number: '09446231',
    name: 'BRIGHTSIDE SOLAR LTD',
    createdOn: '2015-02-17',
    sicCodes: ['43210', '35110'],
    postcode: 'CT5 1AB',
    locality: 'Whitstable',
    officers: [{ name: 'HARTLEY, Morgan James', role: 'director' }, { name: 'OKAFOR, Ada', role: 'secretary' }],
  },
  {
    number: 'SC512345',
    name: 'GLEN RENEWABLES LIMITED',
    createdOn: '2016-08-01',
    sicCodes: ['43210'],
    postcode: 'EH1 1YZ',
    locality: 'Edinburgh',
    accountsOverdue: true,
    officers: [{ name: 'MACLEOD, Iona', role: 'director' }],
    insolvencyCases: [{ type: 'creditors-voluntary-liquidation', number: 1 }],
  },
];

export async function startCompaniesHouseFixture(
  options: { port?: number; key?: string; limit?: number; windowMs?: number; companies?: FixtureCompany[] } = {},
): Promise<CompaniesHouseFixture> {
  const key = options.key ?? 'fixture-key';
  const limit = options.limit ?? 600;
  const windowMs = options.windowMs ?? 5 * 60_000;
  const companies = new Map((options.companies ?? FIXTURE_COMPANIES).map((c) => [c.number, c]));
  const requests: string[] = [];
  let windowStart = Date.now();
  let used = 0;

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      used = 0;
    }
    const send = (status: number, body: unknown, raw = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remain': String(Math.max(0, limit - used)),
        'x-ratelimit-reset': String(Math.ceil((windowStart + windowMs) / 1000)),
        'x-ratelimit-window': `${Math.round(windowMs / 60_000)}m`,
      });
      res.end(raw ? String(body) : JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(401, { error: 'Invalid Authorization', type: 'ch:service' });
    if (used >= limit) return send(429, { error: 'Too Many Requests', type: 'ch:service' });
    used += 1;
    const m = /^\/company\/([A-Z0-9]{8})(\/officers|\/insolvency)?(\?.*)?$/.exec(path);
    if (!m) return send(404, { errors: [{ type: 'ch:service', error: 'not-found' }] });
    const [, number, tail] = m;
    if (number === FIXTURE_BAD_JSON) return send(200, '<html>Service unavailable</html>', true);
    if (number === FIXTURE_SERVER_ERROR) return send(500, { error: 'Internal server error', exception_id: 'fixture' });
    const c = companies.get(number!);
    if (!c) return send(404, { errors: [{ type: 'ch:service', error: 'company-profile-not-found' }] });
    if (tail === '/officers') {
      const items = (c.officers ?? []).map((o) => ({
        name: o.name,
        officer_role: o.role ?? 'director',
        appointed_on: '2015-02-17',
        ...(o.resignedOn && { resigned_on: o.resignedOn }),
        links: { officer: { appointments: '/officers/fixture/appointments' } },
      }));
      return send(200, {
        kind: 'officer-list',
        items,
        items_per_page: 35,
        start_index: 0,
        total_results: items.length,
        active_count: items.filter((i) => !('resigned_on' in i)).length,
        resigned_count: items.filter((i) => 'resigned_on' in i).length,
        links: { self: `/company/${number}/officers` },
        etag: 'fixture',
      });
    }
    if (tail === '/insolvency') {
      if (!c.insolvencyCases?.length) return send(404, { errors: [{ type: 'ch:service', error: 'company-insolvencies-not-found' }] });
      return send(200, { etag: 'fixture', cases: c.insolvencyCases.map((x) => ({ ...x, dates: [], practitioners: [] })) });
    }
    return send(200, {
      company_name: c.name,
      company_number: c.number,
      company_status: c.status ?? 'active',
      type: 'ltd',
      jurisdiction: c.number.startsWith('SC') ? 'scotland' : 'england-wales',
      date_of_creation: c.createdOn ?? '2015-01-01',
      sic_codes: c.sicCodes ?? [],
      has_insolvency_history: Boolean(c.insolvencyCases?.length),
      has_charges: false,
      can_file: true,
      registered_office_address: { address_line_1: '1 High Street', locality: c.locality ?? 'London', postal_code: c.postcode ?? 'EC1A 1BB' },
      accounts: {
        overdue: c.accountsOverdue ?? false,
        next_due: '2027-09-30',
        next_made_up_to: '2026-12-31',
        next_accounts: { due_on: '2027-09-30', overdue: c.accountsOverdue ?? false, period_end_on: '2026-12-31' },
        accounting_reference_date: { day: '31', month: '12' },
      },
      confirmation_statement: { overdue: c.confirmationOverdue ?? false, next_due: '2027-03-03', last_made_up_to: '2026-02-17' },
      links: { self: `/company/${c.number}`, officers: `/company/${c.number}/officers` },
      etag: 'fixture',
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    companies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
