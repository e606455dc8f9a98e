import { describe, expect, it } from 'vitest';
import { createBody, editTenderState, newTenderState, parseEmails, updateBody } from './tender-form';
import type { Tender } from '@solar/shared/contracts/tenders';

describe('the tender form’s state', () => {
  it('reads addresses one per line or separated by commas, lower-cased and without repeats', () => {
    expect(parseEmails('A@Example.com, b@example.com\nA@example.com ; c@example.com')).toEqual({
      emails: ['a@example.com', 'b@example.com', 'c@example.com'],
      invalid: null,
    });
  });

  it('names the first address that is not one', () => {
    expect(parseEmails('a@example.com, not-an-address, b@example.com').invalid).toBe('not-an-address');
  });

  it('pre-fills the contact person from the account (issue 27 defect 11)', () => {
    const form = newTenderState(new URLSearchParams(), Date.parse('2026-11-22T09:00:00Z'), { name: 'Olive Owner', email: 'olive@example.com', phone: null });
    expect(form.brief).toMatchObject({ contactName: 'Olive Owner', contactEmail: 'olive@example.com', contactPhone: '' });
  });

  it('edits a draft in full: the same fields as a new tender, invitees included, sent back as typed (issue 27 defect 1)', () => {
    const now = Date.parse('2026-11-22T09:00:00Z');
    const tender = {
      id: 't-1',
      stage: 'draft',
      type: 'private',
      service: 'Panel Cleaning',
      title: 'Clean 12 MW',
      description: '',
      location: 'Bristol, City of Bristol, England',
      latitude: 51.45,
      longitude: -2.58,
      searchRadius: 50,
      startTimePreference: 'flexible',
      closingDate: '2026-12-02T12:00:00.000Z',
      startDate: null,
      valueMinimum: 1000,
      valueMaximum: null,
      contactName: 'Olive',
      contactEmail: null,
      contactPhone: null,
      siteAssetId: null,
    } as unknown as Tender;
    const form = editTenderState(tender, [{ id: '11111111-1111-4111-8111-111111111111', claimed: true }]);
    // 12:00 UTC on 2 December is 12:00 in London (GMT), whatever the browser's zone.
    expect(form.brief.closingDate).toBe('2026-12-02T12:00');
    form.service = 'Thermographic Surveys';
    form.searchRadius = 100;
    form.brief.inviteEmails = 'bea@outside.example.com';
    const checked = updateBody(form, now);
    expect(checked.errors).toBeNull();
    expect(checked.body).toMatchObject({
      service: 'Thermographic Surveys',
      searchRadius: 100,
      type: 'private',
      closingDate: '2026-12-02T12:00:00.000Z',
      invitedProviders: ['11111111-1111-4111-8111-111111111111'],
      inviteEmails: ['bea@outside.example.com'],
    });
  });

  it('refuses a closing date in the past and names a bad address before sending', () => {
    const form = newTenderState(new URLSearchParams('service=Panel%20Cleaning'), Date.parse('2026-11-22T09:00:00Z'), null);
    form.type = 'private';
    form.brief.closingDate = '2026-11-01T12:00';
    form.brief.inviteEmails = 'nope';
    const checked = createBody(form, true, Date.parse('2026-11-22T09:00:00Z'));
    expect(checked.errors).toMatchObject({ closingDate: expect.any(String), inviteEmails: 'Please enter a valid email address: nope' });
  });
});
