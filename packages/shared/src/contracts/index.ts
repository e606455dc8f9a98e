import type { Contract } from './contract';
import * as accounts from './accounts';
import * as alerts from './alerts';
import * as admin from './admin';
import * as analytics from './analytics';
import * as assets from './assets';
import * as assetInsights from './asset-insights';
import * as mail from './mail';
import * as maps from './maps';
import * as health from './health';
import * as parts from './parts';
import * as providers from './providers';
import * as quotes from './quotes';
import * as developers from './developers';
import * as exports_ from './exports';
import * as geo from './geo';
import * as tenders from './tenders';
import * as seo from './seo';
import * as tenderLifecycle from './tender-lifecycle';
import * as tenderBidders from './tender-bidders';
import * as tenderNotices from './tender-notices';
import * as tenderEvaluation from './tender-evaluation';
import * as tenderPricing from './tender-pricing';
import * as tenderRecords from './tender-records';
import * as trust from './trust';

/** The contract modules by feature name: a row's feature is its OpenAPI tag. */
const FEATURES: Record<string, Record<string, unknown>> = {
  accounts,
  admin,
  alerts,
  analytics,
  assets,
  'asset-insights': assetInsights,
  mail,
  maps,
  health,
  parts,
  providers,
  quotes,
  developers,
  exports: exports_,
  geo,
  tenders,
  seo,
  'tender-lifecycle': tenderLifecycle,
  'tender-bidders': tenderBidders,
  'tender-notices': tenderNotices,
  'tender-evaluation': tenderEvaluation,
  'tender-pricing': tenderPricing,
  'tender-records': tenderRecords,
  trust,
};

/** Every call the server implements, bound from these rows (see apps/server/src/plugins/routes.ts). */
export const contracts: Record<string, Contract> = Object.assign({}, ...Object.values(FEATURES).map(pick));

const featureByContract = new Map(Object.entries(FEATURES).flatMap(([feature, module]) => Object.values(pick(module)).map((c) => [c, feature] as const)));
/** The feature whose file holds a contract row (`assets` for the projects list), its OpenAPI tag. */
export const featureOf = (contract: Contract): string => featureByContract.get(contract) ?? 'other';

/** Every bound method and path: each row at its path, and again at each further path (`alsoAt`). */
export const boundContracts: Array<[string, Contract]> = Object.entries(contracts).flatMap(([name, c]) => [
  [name, c] as [string, Contract],
  ...(c.alsoAt ?? []).map((path) => [`${name} at ${path}`, { ...c, path }] as [string, Contract]),
]);

/**
 * Calls of the requirements' call tables (docs/product/<feature>.md#calls) not built yet, with the issue that
 * builds them. The contract test fails if one of these is registered without moving into
 * `contracts`, so the table stays complete and true.
 */
export const plannedCalls: ReadonlyArray<{ method: string; path: string; source: string; issue: number }> = [];

function pick(module: Record<string, unknown>): Record<string, Contract> {
  const out: Record<string, Contract> = {};
  for (const [name, value] of Object.entries(module)) {
    if (isContract(value)) out[name] = value;
  }
  return out;
}

function isContract(value: unknown): value is Contract {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;
}
