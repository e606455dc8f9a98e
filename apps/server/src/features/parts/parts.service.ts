import { PARTS_LIMITS, PARTS_MESSAGES } from '@solar/shared/constants/parts';
import { findCategory, mergeFilters, normaliseManufacturer, parseSpecs } from '@solar/shared/domain/parts';
import type { Part, PartsAnswer, PartsSearchRequest } from '@solar/shared/contracts/parts';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { geocode } from '../geo/gazetteer';
import { buildCatalogueAnswer, type AnswerInput } from './parts.answer';
import { askAnswerService } from './parts.external';
import { toPart } from './parts.mapper';
import * as partsRepository from './parts.repository';
import type { SupplierHit } from './parts.repository';

type Ctx = Pick<AppContext, 'database' | 'env' | 'log'>;

/** The queries the service runs: the repository, or a fake in the service's unit tests. */
export type PartsRepository = Pick<typeof partsRepository, 'findParts' | 'findSuppliers' | 'getPartById' | 'resolveBrands'>;

/** A typed location → coordinates, from the bundled gazetteer (the same one behind GET /api/geocode). */
function resolveLocation(location: string): { lat: number; lng: number } | null {
  if (!location) return null;
  const [first] = geocode(location, { limit: 1 });
  return first ? { lat: first.center[1], lng: first.center[0] } : null;
}

async function suppliersFor(ctx: Ctx, repo: PartsRepository, point: { lat: number; lng: number } | null): Promise<SupplierHit[] | null> {
  try {
    return await repo.findSuppliers(ctx.database, point, PARTS_LIMITS.answerSuppliers);
  } catch (err) {
    // The directory is another feature's table: an answer still comes from the catalogue without it.
    ctx.log.error({ err }, 'parts search: supplier lookup failed');
    return null;
  }
}

/** POST /api/parts/search: the catalogue answer, rewritten by the answer service when one is configured. */
export async function searchParts(ctx: Ctx, input: PartsSearchRequest, repo: PartsRepository = partsRepository): Promise<PartsAnswer> {
  const category = findCategory(input.product);
  const brands = [...new Set(input.providers.map((b) => normaliseManufacturer(b)).filter(Boolean))];
  const filter = mergeFilters(category?.filter, parseSpecs(input.additionalSpecs));
  const point = resolveLocation(input.location);
  const answerInput: AnswerInput = {
    product: input.product,
    category,
    brands,
    quantity: input.quantity,
    location: input.location,
    filter,
    matches: null,
    alternatives: [],
    missingBrands: [],
    suppliers: null,
    locationResolved: point !== null,
  };
  const kind = category?.kind;
  if (kind) {
    const { resolved, missing } = await repo.resolveBrands(ctx.database, kind, brands);
    answerInput.missingBrands = missing;
    const criteria = { kind, brands: resolved, filter };
    const noBrandHeld = brands.length > 0 && resolved.length === 0;
    answerInput.matches = noBrandHeld
      ? { hits: [], total: 0 }
      : await repo.findParts(ctx.database, criteria, { specs: true, brands: true, limit: PARTS_LIMITS.answerProducts });
    if (answerInput.matches.hits.length === 0 && brands.length > 0) {
      // Alternatives keep every stated spec (power range, phase, hybrid…) and drop only the brands;
      // with none, the answer says nothing fits rather than offering what does not (decision 0362).
      const nearPowerW = filter.minPowerW ?? filter.maxPowerW ?? filter.targetPowerW;
      answerInput.alternatives = (await repo.findParts(ctx.database, criteria, { specs: true, brands: false, limit: 3, nearPowerW })).hits;
    }
  }
  answerInput.suppliers = await suppliersFor(ctx, repo, point);
  const catalogue = buildCatalogueAnswer(answerInput);

  const url = ctx.env.PARTS_ANSWER_URL;
  if (!url) return catalogue;
  try {
    return await askAnswerService(
      { url, key: ctx.env.PARTS_ANSWER_KEY, model: ctx.env.PARTS_ANSWER_MODEL, timeoutMs: ctx.env.PARTS_ANSWER_TIMEOUT_MS },
      describeQuestion(input),
      catalogue,
    );
  } catch (err) {
    ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'parts search: answer service failed; catalogue answer used');
    return catalogue;
  }
}

function describeQuestion(input: PartsSearchRequest): string {
  return [
    `Product: ${input.product}`,
    input.providers.length ? `Brands: ${input.providers.join(', ')}` : null,
    input.quantity ? `Quantity: ${input.quantity}` : null,
    input.location ? `Location: ${input.location}` : null,
    input.additionalSpecs ? `Specifications: ${input.additionalSpecs}` : null,
  ]
    .filter(Boolean)
    .join('\n');
}

/** GET /api/parts/:id: one product. */
export async function getPart(ctx: Pick<AppContext, 'database'>, id: string, repo: Pick<PartsRepository, 'getPartById'> = partsRepository): Promise<Part> {
  const row = await repo.getPartById(ctx.database, id);
  if (!row) throw new AppError('NOT_FOUND', PARTS_MESSAGES.partNotFound);
  return toPart(row);
}
