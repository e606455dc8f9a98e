import { describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { checkListShape, publicListShape } from './provider-list';

const provider = { id: 'p1', businessName: 'Acme Solar' };
const INVALID: Array<[string, unknown]> = [
  ['null', null],
  ['a string', 'oops'],
  ['an array', [provider]],
  ['no success flag', { data: [provider] }],
  ['success false', { success: false, data: [provider] }],
  ['success "true" as a string', { success: 'true', data: [provider] }],
  ['data not an array', { success: true, data: { 0: provider } }],
  ['data missing', { success: true }],
];

describe('directory list responses (docs/product/providers.md#directory)', () => {
  it.each(INVALID)("a list body with %s is 'Invalid provider data format'", (_label, body) => {
    expect(() => checkListShape(body)).toThrow(M.invalidFormat);
  });

  it.each(INVALID)('the public list with %s gives an empty list', (_label, body) => {
    expect(publicListShape(body)).toEqual({ data: [], pagination: { page: 1, pages: 1, total: 0 } });
  });

  it('a valid body passes through (pagination defaults to one page)', () => {
    expect(checkListShape({ success: true, data: [provider] })).toEqual({
      data: [provider],
      pagination: { page: 1, pages: 1, total: 1 },
    });
    expect(publicListShape({ success: true, data: [provider], pagination: { page: 2, pages: 3, total: 21 } })).toEqual({
      data: [provider],
      pagination: { page: 2, pages: 3, total: 21 },
    });
  });
});
