/**
 * A tender's pricing schedule (issue 27, part B; docs/product/tenders.md#pricing-schedule): line
 * items the owner defines, priced by bidders; totals in pence on the server (decision 0521).
 */

export const TENDER_PRICE_ITEMS_MAX = 30;
export const TENDER_PRICE_ITEM_DESCRIPTION_MAX = 200;
export const TENDER_PRICE_ITEM_UNIT_MAX = 40;
/** A line's quantity: a whole number (3 years, 1 mobilisation, 12 visits). */
export const TENDER_PRICE_QUANTITY_MAX = 100_000;
/** A unit price, in pounds (the board's money ceiling keeps totals within a bigint of pence). */
export const TENDER_UNIT_PRICE_MAX = 1e10;

/** The units the form offers; any other short text is accepted. */
export const TENDER_PRICE_UNIT_SUGGESTIONS = ['each', 'per year', 'per month', 'per visit', 'per day', 'per MW', 'lump sum'] as const;

/** The exact texts users see. */
export const TENDER_PRICING_MESSAGES = {
  descriptionRequired: 'Describe each line of the pricing schedule',
  descriptionTooLong: `A line's description can be at most ${TENDER_PRICE_ITEM_DESCRIPTION_MAX} characters`,
  unitRequired: 'Give each line a unit, such as “per year” or “each”',
  unitTooLong: `A unit can be at most ${TENDER_PRICE_ITEM_UNIT_MAX} characters`,
  quantityWhole: `Enter a quantity as a whole number from 1 to ${TENDER_PRICE_QUANTITY_MAX.toLocaleString('en-GB')}`,
  tooManyItems: `A pricing schedule can have at most ${TENDER_PRICE_ITEMS_MAX} lines`,
  needsRequiredItem: 'A pricing schedule needs at least one line that is not optional',
  scheduleSaved: 'Pricing schedule saved.',
  scheduleLocked: 'The pricing schedule cannot change once a response has arrived: bidders priced these lines.',
  unitPriceInvalid: 'Enter a unit price in pounds, such as £1,200',
  unitPriceRequired: 'Enter a unit price for every line that is not optional',
  unknownItem: 'That line is not on this tender’s pricing schedule',
  pricesSaved: 'Your prices have been saved.',
  noSchedule: 'This tender has no pricing schedule.',
} as const;
