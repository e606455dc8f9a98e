import { z } from 'zod';
import { FIELD_MESSAGES as F } from '../constants/text';

/**
 * Field schemas whose refusals read as sentences about the field (decision 0365). A zod error
 * function on a schema covers its own checks too (`.max`, `.min`), unless a check carries its own
 * message (the spec's quoted ones, such as 'Description must be at least 10 characters'), which
 * then wins. The server's error handler sends the first message as it is, so what a form shows
 * and what the API answers are the same sentence.
 */

type Issue = z.core.$ZodRawIssue;

const limit = (value: unknown) => Number(value);

/** The error function for a single field: 'Business name can be at most 200 characters'. */
export function about(label: string, unit = '') {
  return (issue: Issue): string => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return F.required(label);
        if (issue.expected === 'string') return F.notText(label);
        if (issue.expected === 'array') return F.notList(label);
        if (issue.expected === 'number') return F.notNumber(label);
        return F.invalid(label);
      case 'too_big':
        if (issue.origin === 'string') return F.tooLong(label, limit(issue.maximum));
        if (issue.origin === 'number') return F.tooBig(label, limit(issue.maximum), unit);
        return F.invalid(label);
      case 'too_small':
        if (issue.origin === 'string') return limit(issue.minimum) <= 1 ? F.required(label) : F.tooShort(label, limit(issue.minimum));
        if (issue.origin === 'number') return F.tooSmall(label, limit(issue.minimum), unit);
        return F.invalid(label);
      default:
        return F.invalid(label);
    }
  };
}

/** Free text of at most `max` characters, trimmed. */
export const text = (label: string, max: number) => z.string({ error: about(label) }).trim().max(max);

/**
 * A list of short texts (services, certifications, filter values): 'Each service can be at most
 * 200 characters', 'You can list at most 100 services'.
 */
export function listOf(item: string, plural: string, { itemMax, max }: { itemMax: number; max: number }) {
  const each = (issue: Issue): string =>
    issue.code === 'too_big' ? F.eachTooLong(item, itemMax) : issue.code === 'invalid_type' ? F.notText(`Each ${item}`) : F.invalid(`Each ${item}`);
  const all = (issue: Issue): string =>
    issue.code === 'too_big' ? F.tooMany(plural, max) : issue.code === 'invalid_type' ? F.notList(capitalise(plural)) : F.invalid(capitalise(plural));
  return z.array(z.string({ error: each }).max(itemMax), { error: all }).max(max);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** True for zod's own texts ('Too big: expected…', 'Invalid input…'): a form field must never show one. */
export const isValidatorText = (message: string) =>
  /^(Invalid (input|option|string|element|key|union|value|email address|UUID|URL|date)\b|Unrecognized keys?\b|Too (big|small):)/.test(message);
