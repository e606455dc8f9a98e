import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';

/** en-GB dates (docs/product/platform.md#formats): 22/11/2026, or 'N/A' when missing or invalid. */
export function formatDate(value: string | Date | null | undefined, pattern = 'dd/MM/yyyy'): string {
  if (value == null || value === '') return 'N/A';
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? format(date, pattern, { locale: enGB }) : 'N/A';
}

/** Long en-GB date: 22 November 2026. */
export const formatLongDate = (value: string | Date | null | undefined) => formatDate(value, 'd MMMM yyyy');

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const gbpPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** GBP amounts: whole pounds unless pence matter. */
export function formatGBP(amount: number | null | undefined): string {
  if (amount == null || !Number.isFinite(amount)) return 'N/A';
  return Number.isInteger(amount) ? gbp.format(amount) : gbpPence.format(amount);
}

