import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { toIsoTimestamp } from '../db/sql-helpers';
import { parseEnv } from '../env';

/**
 * `npm run outbox [-- N]`: prints the newest N mails (default 10). On PostgreSQL it reads the outbox
 * table (every mail, with its delivery status: decision 0470); on PGlite the files mail is delivered
 * to while SMTP_URL is unset (DATA_DIR/outbox), so it works while the server holds the database.
 */
const env = parseEnv();
const limit = Math.min(Math.max(Number(process.argv[2]) || 10, 1), 500);

if (env.DATABASE_URL) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '' });
  const rows = await database.query<{ to_address: string; subject: string; text_body: string; created_at: Date; status: string; attempts: number; last_error: string | null }>(
    'SELECT to_address, subject, text_body, created_at, status, attempts, last_error FROM outbox ORDER BY created_at DESC LIMIT $1',
    [limit],
  );
  await database.close();
  const state = (r: (typeof rows)[number]) => `${r.status}, ${r.attempts} attempt${r.attempts === 1 ? '' : 's'}${r.last_error ? `: ${r.last_error}` : ''}`;
  print(rows.reverse().map((r) => `${toIsoTimestamp(r.created_at)} (${state(r)})\nTo: ${r.to_address}\nSubject: ${r.subject}\n\n${r.text_body}`));
} else {
  const dir = path.join(env.DATA_DIR, 'outbox');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.txt')).sort().slice(-limit) : [];
  print(files.map((f) => `${new Date(Number(f.split('-')[0])).toISOString()}\n${readFileSync(path.join(dir, f), 'utf8')}`));
}

function print(mails: string[]) {
  if (mails.length === 0) console.log('The outbox is empty.');
  for (const mail of mails) console.log(`──────── ${mail}\n`);
}
