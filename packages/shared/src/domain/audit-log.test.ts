import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../contracts/admin';
import { describeAuditEntry } from './audit-log';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'admin-1',
  source: 'admin',
  actor: { id: 'a1', name: 'Ada Admin' },
  action: 'user.grant_admin',
  targetType: 'user',
  targetId: 'x',
  target: { name: 'Bob Brown', detail: null },
  summary: 'Ada Admin changed is_admin of Bob Brown',
  reason: null,
  changes: [],
  before: null,
  after: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  ...over,
});

describe('describeAuditEntry (decision 0424)', () => {
  it.each([
    [entry({}), 'Ada Admin made Bob Brown an admin'],
    [entry({ action: 'user.revoke_admin' }), 'Ada Admin removed the admin rights of Bob Brown'],
    [entry({ action: 'user.suspend', target: { name: null, detail: null } }), 'Ada Admin suspended a deleted account'],
    [entry({ action: 'claim.approve', targetType: 'claim', target: { name: 'Lark Energy', detail: 'Claire Claimant' } }), 'Ada Admin approved Claire Claimant’s claim on “Lark Energy”'],
    [entry({ source: 'tender', action: 'tender.awarded', targetType: 'tender', actor: { id: null, name: 'A deleted account' }, target: { name: 'Clean it', detail: null } }), 'A deleted account awarded the tender “Clean it”'],
    [entry({ action: 'something.new' }), 'Ada Admin changed is_admin of Bob Brown'],
  ])('%#: %s', (e, sentence) => {
    expect(describeAuditEntry(e).sentence).toBe(sentence);
  });

  it('writes each change as Field: from → to, in words', () => {
    const lines = describeAuditEntry(
      entry({
        changes: [
          { field: 'is_admin', from: false, to: true },
          { field: 'type', from: 'provider', to: 'representative' },
          { field: 'email', from: 'a@x.example', to: null },
        ],
      }),
    ).lines;
    expect(lines).toEqual(['Admin: No → Yes', 'Account type: Service Provider → Asset Representative', 'Email: a@x.example → (none)']);
    expect(describeAuditEntry(entry({ source: 'tender', action: 'tender.awarded', targetType: 'tender', changes: [{ field: 'winner', from: null, to: 'Ivan Solar' }] })).lines).toEqual(['Winner: Ivan Solar']);
    expect(describeAuditEntry(entry({ source: 'tender', action: 'tender.edited', targetType: 'tender', changes: [{ field: 'valueMaximum', from: 15000, to: 18000 }] })).lines).toEqual(['Budget up to: £15,000 → £18,000']);
  });
});
