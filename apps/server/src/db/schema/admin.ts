import { bigserial, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0008_admin.sql: every admin action (decision 0230). */
export const adminAuditLog = pgTable('admin_audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorName: text('actor_name').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  summary: text('summary').notNull().default(''),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;

/** Mirrors migrations/0008_admin.sql: what an admin did with a waiting request (decision 0234). */
export const adminWaitingActions = pgTable(
  'admin_waiting_actions',
  {
    kind: text('kind', { enum: ['invitation', 'quote'] }).notNull(),
    refId: text('ref_id').notNull(),
    status: text('status', { enum: ['forwarded', 'closed', 'resolved'] }).notNull(),
    forwardedTo: text('forwarded_to'),
    actedBy: uuid('acted_by').references(() => users.id, { onDelete: 'set null' }),
    actedAt: ts('acted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.refId] })],
);
