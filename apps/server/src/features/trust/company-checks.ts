import { formatDate } from '@solar/shared/domain/format';
import { haversineKm } from '@solar/shared/domain/geo';
import { officerNamed, outwardCode } from '@solar/shared/domain/trust';
import type { CheckItem, CompanyFacts } from '../../db/schema/index';
import type { CompanyProfile, Insolvency, OfficerList } from './companies-house.client';

/**
 * The checks a profile shows from one Companies House answer (docs/decisions/0481): each says what
 * was found, with a pass, a warning or a failure, never a verdict on the company as a whole.
 */

/** SIC codes of the trades this marketplace serves (energy generation, electrical and building services, engineering). */
const ENERGY_SIC = new Set(['35110', '35120', '35130', '35140', '43210', '43220', '43290', '42220', '33140', '27110', '27900', '71121', '71122', '71129', '74909', '81100']);

const STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  dissolved: 'Dissolved',
  liquidation: 'In liquidation',
  receivership: 'In receivership',
  administration: 'In administration',
  'voluntary-arrangement': 'In a voluntary arrangement',
  'converted-closed': 'Converted or closed',
  'insolvency-proceedings': 'In insolvency proceedings',
  registered: 'Registered',
  removed: 'Removed',
  closed: 'Closed',
  open: 'Open',
};
export const statusWords = (status: string) => STATUS_WORDS[status] ?? status.replace(/-/g, ' ');

export interface CheckInput {
  profile: CompanyProfile;
  officers: OfficerList;
  insolvency: Insolvency | null;
  provider: { location: string; latitude: number | null; longitude: number | null };
  /** The profile owner's name, when the profile has an approved owner. */
  ownerName: string | null;
  /** The office's point, from the bundled postcode districts (null when unknown). */
  officePoint: { lat: number; lng: number } | null;
}

const item = (key: string, status: CheckItem['status'], label: string, detail = ''): CheckItem => ({ key, status, label, detail });

export function activeOfficers(list: OfficerList): string[] {
  return list.items.filter((o) => !o.resigned_on).map((o) => o.name);
}

export function companyFacts(p: CompanyProfile): CompanyFacts {
  return {
    name: p.company_name,
    status: p.company_status,
    incorporatedOn: p.date_of_creation ?? null,
    sicCodes: p.sic_codes ?? [],
    officePostcode: p.registered_office_address?.postal_code ?? null,
  };
}

export function checkItems(input: CheckInput): CheckItem[] {
  const { profile: p } = input;
  const items: CheckItem[] = [];
  const active = p.company_status === 'active';
  // The company's name is the card's heading (companyCheck.companyName), not repeated here.
  items.push(item('status', active ? 'pass' : 'fail', active ? 'Active at Companies House' : `${statusWords(p.company_status)} at Companies House`));
  if (p.date_of_creation) {
    items.push(item('incorporated', 'pass', `Incorporated ${formatDate(p.date_of_creation)}`));
  }
  const sic = p.sic_codes ?? [];
  if (sic.length === 0) items.push(item('sic', 'warn', 'No SIC codes on the register'));
  else {
    const relevant = sic.some((c) => ENERGY_SIC.has(c));
    items.push(item('sic', relevant ? 'pass' : 'warn', relevant ? 'Trade codes include energy or electrical work' : 'Trade codes are not energy or electrical work', `SIC ${sic.join(', ')}`));
  }
  const postcode = p.registered_office_address?.postal_code ?? null;
  const locality = p.registered_office_address?.locality ?? null;
  const where = [outwardCode(postcode) ?? postcode, locality].filter(Boolean).join(', ');
  if (!postcode && !locality) items.push(item('office', 'warn', 'No registered office address on the register'));
  else if (input.officePoint && input.provider.latitude !== null && input.provider.longitude !== null) {
    const km = Math.round(haversineKm(input.officePoint, { lat: input.provider.latitude, lng: input.provider.longitude }));
    items.push(
      km <= 50
        ? item('office', 'pass', `Registered office near the profile's location (${km} km)`, where)
        : item('office', 'warn', `Registered office is ${km} km from the profile's location`, where),
    );
  } else if (locality && input.provider.location.toLowerCase().includes(locality.toLowerCase())) {
    items.push(item('office', 'pass', "Registered office in the profile's town", where));
  } else {
    items.push(item('office', 'warn', "Registered office could not be compared with the profile's location", where));
  }
  const accountsOverdue = p.accounts?.overdue ?? p.accounts?.next_accounts?.overdue ?? false;
  const accountsDue = p.accounts?.next_due ?? p.accounts?.next_accounts?.due_on ?? null;
  items.push(
    accountsOverdue
      ? item('accounts', 'fail', 'Accounts overdue', accountsDue ? `Were due ${formatDate(accountsDue)}` : '')
      : item('accounts', 'pass', 'Accounts filed on time', accountsDue ? `Next due ${formatDate(accountsDue)}` : ''),
  );
  const csOverdue = p.confirmation_statement?.overdue ?? false;
  const csDue = p.confirmation_statement?.next_due ?? null;
  items.push(
    csOverdue
      ? item('confirmation', 'fail', 'Confirmation statement overdue', csDue ? `Was due ${formatDate(csDue)}` : '')
      : item('confirmation', 'pass', 'Confirmation statement up to date', csDue ? `Next due ${formatDate(csDue)}` : ''),
  );
  const cases = input.insolvency?.cases ?? [];
  if (cases.length > 0 || p.has_insolvency_history) {
    const kinds = [...new Set(cases.map((c) => (c.type ?? '').replace(/-/g, ' ')).filter(Boolean))];
    items.push(item('insolvency', 'fail', 'Insolvency history on the register', kinds.length ? `${cases.length} case${cases.length === 1 ? '' : 's'}: ${kinds.join(', ')}` : ''));
  } else {
    items.push(item('insolvency', 'pass', 'No insolvency history'));
  }
  if (input.ownerName) {
    const officer = officerNamed(input.ownerName, activeOfficers(input.officers));
    items.push(
      officer
        ? item('officer', 'pass', "The profile owner is an officer of the company", officer)
        : item('officer', 'warn', "The profile owner's name is not among the company's officers", `${activeOfficers(input.officers).length} active officers`),
    );
  }
  return items;
}
