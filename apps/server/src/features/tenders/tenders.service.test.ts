import { describe, expect, it } from 'vitest';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/rows';
import type { MailMessage } from '../../platform/mail';
import type { TenderRecord } from './tenders.repository';
import { contactOwner, getTender, type TenderReads } from './tenders.service';
import { ACCOUNT_MESSAGES } from '@solar/shared/constants/accounts';

/**
 * The tender rules the service decides, with its reads faked (decision 0348): who sees the invited
 * providers, what is 404, and when Contact About Tender is refused. Who may see a tender at all is
 * one SQL rule (visibleTo, decision 0333), tested on a real database in test/tenders-api.test.ts
 * and test/security/withdrawn-access.test.ts.
 */

const ID = '7d0f5f0e-3c1b-4a8e-9a51-0b6f3d2c1a90';
const now = new Date('2026-11-24T09:00:00Z');

const user = (id: string, isAdmin = false) =>
  ({ id, isAdmin, name: `User ${id}`, company: `${id} Ltd`, email: `${id}@example.com`, emailVerifiedAt: now }) as UserRow;
const owner = user('owner');

const record = (values: Partial<TenderRecord> = {}): TenderRecord => ({
  id: ID,
  user_id: owner.id,
  owner_name: owner.name,
  service: 'Panel Cleaning',
  title: 'Clean 40 MW of panels',
  description: 'Twice a year',
  location: 'Leeds',
  latitude: null,
  longitude: null,
  search_radius: 50,
  start_time_preference: null,
  type: 'private',
  source: 'Solar Manager',
  status: 'open',
  external_id: null,
  organisation_name: null,
  published_date: now,
  closing_date: null,
  start_date: null,
  end_date: null,
  value_minimum: null,
  value_maximum: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  contact_website: null,
  contact_address: null,
  contact_town: null,
  contact_postcode: null,
  notice_url: null,
  region: null,
  sectors: [],
  award_supplier: null,
  award_value: null,
  award_date: null,
  stage: 'active',
  site_asset_id: null,
  site_capacity_mw: null,
  cancel_reason: null,
  is_demo: false,
  cpv_codes: [],
  lots: [],
  procedure_type: null,
  documents: [],
  buyer_id: null,
  award_suppliers: [],
  ...values,
});

function setup(row: TenderRecord | undefined) {
  const mails: MailMessage[] = [];
  const asked: Array<string | null> = [];
  const reads: TenderReads = {
    findVisibleTender: async (_db, id, viewerId) => {
      asked.push(viewerId);
      return id === ID ? row : undefined;
    },
    listInvitedProviderIds: async () => ['prov-a', 'prov-b'],
    findOwnerContact: async () => ({ email: 'owner@example.com', name: owner.name }),
  };
  const ctx = {
    database: {} as Database,
    clock: { now: () => now },
    mailer: { send: async (message: MailMessage) => (mails.push(message), { id: String(mails.length) }) },
    env: { PUBLIC_URL: 'https://solar.example' },
    log: { error: () => undefined },
  } as unknown as Parameters<typeof contactOwner>[0];
  return { ctx, reads, mails, asked };
}

describe('tender rules in the service (reads faked)', () => {
  it('answers 404 for an id that is not a UUID without reading anything', async () => {
    const { ctx, reads, asked } = setup(record());
    await expect(getTender(ctx, 'not-a-uuid', owner, reads)).rejects.toMatchObject({ status: 404, message: TENDER_MESSAGES.notFound });
    expect(asked).toEqual([]);
  });

  it('answers 404 when the visibility rule returns nothing, asking as the viewer (or as a visitor)', async () => {
    const { ctx, reads, asked } = setup(undefined);
    await expect(getTender(ctx, ID, user('stranger'), reads)).rejects.toMatchObject({ status: 404, message: TENDER_MESSAGES.notFound });
    await expect(getTender(ctx, ID, null, reads)).rejects.toMatchObject({ status: 404 });
    expect(asked).toEqual(['stranger', null]);
  });

  it('lists the invited providers to the owner and admins only; an invited provider sees the tender without them', async () => {
    const { ctx, reads } = setup(record());
    expect((await getTender(ctx, ID, owner, reads)).invitedProviders).toEqual(['prov-a', 'prov-b']);
    expect((await getTender(ctx, ID, user('admin', true), reads)).invitedProviders).toEqual(['prov-a', 'prov-b']);
    const invited = await getTender(ctx, ID, user('invited-owner'), reads);
    expect(invited).toMatchObject({ id: ID, title: 'Clean 40 MW of panels', invitedProviders: [] });
  });

  it("refuses Contact About Tender for an imported notice, a closed tender and the caller's own tender", async () => {
    const provider = user('provider');
    const cases: Array<[TenderRecord, UserRow, string]> = [
      [record({ source: 'External', type: 'open' }), provider, 'Please contact the buyer using the details on the original notice'],
      [record({ status: 'closed' }), provider, TENDER_MESSAGES.closed],
      [record(), owner, 'This is your own tender'],
    ];
    for (const [row, caller, message] of cases) {
      const { ctx, reads, mails } = setup(row);
      await expect(contactOwner(ctx, caller, ID, 'Hello', reads)).rejects.toMatchObject({ status: 400, message });
      expect(mails).toEqual([]);
    }
  });

  it('refuses Contact About Tender from an account whose address is not confirmed: the owner would be told to reply to it (decision 0440)', async () => {
    const { ctx, reads, mails } = setup(record());
    const unconfirmed = { ...user('provider'), emailVerifiedAt: null } as UserRow;
    await expect(contactOwner(ctx, unconfirmed, ID, 'Reply to me at the address I typed', reads)).rejects.toMatchObject({ status: 403, message: ACCOUNT_MESSAGES.verifyToContactTenderOwner });
    expect(mails).toEqual([]);
  });

  it("mails the owner the sender's name, company and address to reply to; the answer never names the owner's address", async () => {
    const { ctx, reads, mails } = setup(record());
    const answer = await contactOwner(ctx, user('provider'), ID, 'We can start in March', reads);
    expect(JSON.stringify(answer)).not.toContain('owner@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('owner@example.com');
    expect(mails[0]!.text).toContain('User provider (provider Ltd) sent a message about your tender "Clean 40 MW of panels"');
    expect(mails[0]!.text).toContain('We can start in March');
    expect(mails[0]!.text).toContain('Reply to User provider at provider@example.com.');
    expect(mails[0]!.text).toContain(`https://solar.example/tender/${ID}`);
  });
});
