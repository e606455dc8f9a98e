import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBody, requestDeletionBody, signupBody, updateDetailsBody } from './accounts';
import { reviewClaimBody, updateAdminUserBody } from './admin';
import { isValidatorText } from './fields';
import { claimProviderBody, createProviderBody, placeBody, searchProvidersQuery, updateProviderBody } from './providers';
import { quoteFormSchema } from './quotes';
import { contactTenderBody, createTenderBody } from './tenders';

/**
 * Every field a form sends is refused in words about that field (decision 0365): no zod text
 * ('Too big: expected string to have <=200 characters') reaches a person, whatever is wrong
 * with the value: too long, too many, the wrong type, missing.
 */

const FORMS: Record<string, z.ZodType> = {
  createProviderBody,
  updateProviderBody,
  claimProviderBody,
  placeBody,
  searchProvidersQuery,
  quoteFormSchema,
  createTenderBody,
  contactTenderBody,
  signupBody,
  loginBody,
  updateDetailsBody,
  requestDeletionBody,
  updateAdminUserBody,
  reviewClaimBody,
};

/**
 * Fields no form lets a person type into: checkboxes and fixed choices send a value from the
 * page's own list (a wrong one comes only from a hand-made request, which keeps zod's text).
 */
const CHOSEN_NOT_TYPED = new Set([
  'force',
  'requiresNDA',
  'useDefaultContract',
  'selectedContract',
  'startTimePreference',
  'type:createTenderBody',
  'invitedProviders',
  'latitude',
  'longitude',
  'is_admin',
  'sort',
  'mode',
  'page',
  'pageSize',
  'radius',
  'locationCenter:searchProvidersQuery',
  // The map sends the view it shows (decision 0387).
  'bounds:searchProvidersQuery',
  'zoom:searchProvidersQuery',
  'logo',
  'coverImage',
  'status',
  'userId',
]);

const LONG = 'x'.repeat(20_001);
const BAD_VALUES: Array<[string, unknown]> = [
  ['a very long text', LONG],
  ['a number', 12_345],
  ['an object', { a: 1 }],
  ['a list of very long texts', [LONG]],
  ['a very long list', Array.from({ length: 1_001 }, (_, i) => `item ${i}`)],
  ['a list of numbers', [1, 2]],
];

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  let inner: unknown = schema;
  for (let i = 0; i < 5; i++) {
    const def = (inner as { _zod: { def: { type: string; in?: unknown; innerType?: unknown; left?: unknown } } })._zod.def;
    if (def.type === 'object') return (inner as z.ZodObject).shape as Record<string, z.ZodType>;
    inner = def.type === 'pipe' ? def.in : def.type === 'intersection' ? def.left : def.innerType;
  }
  throw new Error('no object shape');
}

describe('form fields are refused in words a person reads (decision 0365)', () => {
  for (const [form, schema] of Object.entries(FORMS)) {
    it(`${form}: every field's refusal names the field, never a validator text`, () => {
      const problems: string[] = [];
      for (const key of Object.keys(shapeOf(schema))) {
        if (CHOSEN_NOT_TYPED.has(key) || CHOSEN_NOT_TYPED.has(`${key}:${form}`)) continue;
        for (const [what, value] of BAD_VALUES) {
          const result = schema.safeParse({ [key]: value });
          for (const issue of result.error?.issues ?? []) {
            if (issue.path[0] === key && isValidatorText(issue.message)) problems.push(`${key} as ${what}: ${issue.message}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("a long service says 'Each service can be at most 200 characters', in the profile and in the directory", () => {
    const services = ['Panel Cleaning', 'x'.repeat(201)];
    expect(updateProviderBody.safeParse({ services }).error?.issues[0]?.message).toBe('Each service can be at most 200 characters');
    expect(searchProvidersQuery.safeParse({ services }).error?.issues[0]?.message).toBe('Each service can be at most 200 characters');
    expect(searchProvidersQuery.safeParse({ services: Array.from({ length: 21 }, (_, i) => `s${i}`) }).error?.issues[0]?.message).toBe(
      'You can list at most 20 services',
    );
  });

  it('a long claim message and description say their limits', () => {
    expect(claimProviderBody.safeParse({ companyRole: 'Director', message: 'x'.repeat(8_000) }).error?.issues[0]?.message).toBe(
      'Message can be at most 2,000 characters',
    );
    expect(updateProviderBody.safeParse({ description: 'x'.repeat(5_001) }).error?.issues[0]?.message).toBe(
      'Description can be at most 5,000 characters',
    );
  });

  it("the service radius refuses -5 with the spec's message and keeps -1 for countrywide", () => {
    expect(updateProviderBody.safeParse({ serviceRadius: -5 }).error?.issues[0]?.message).toBe('Service radius must be positive');
    expect(updateProviderBody.safeParse({ serviceRadius: -1 }).success).toBe(true);
    expect(createProviderBody.shape.serviceRadius.safeParse(-1).error?.issues[0]?.message).toBe('Service radius must be positive');
    expect(updateProviderBody.safeParse({ serviceRadius: 5000 }).error?.issues[0]?.message).toBe('Service radius can be at most 2,000 km');
  });

  it("keeps the spec's quoted messages where it gives one", () => {
    expect(createProviderBody.shape.description.safeParse('short').error?.issues[0]?.message).toBe('Description must be at least 10 characters');
    expect(createProviderBody.shape.businessName.safeParse('  ').error?.issues[0]?.message).toBe('Business name is required');
    expect(claimProviderBody.safeParse({ companyRole: '' }).error?.issues[0]?.message).toBe('Role is required');
  });
});
