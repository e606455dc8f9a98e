import type { Database } from '../../db/client';
import { pageViews } from '../../db/schema/index';

export function insertPageView(
  database: Pick<Database, 'db'>,
  view: { path: string; referrer: string | null; userId: string | null; createdAt: Date },
): Promise<unknown> {
  return database.db.insert(pageViews).values(view);
}
