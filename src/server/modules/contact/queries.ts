import type { Database, Tx } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

export async function insertContactMessage(db: Database | Tx, values: typeof contactMessages.$inferInsert): Promise<void> {
  await db.insert(contactMessages).values(values);
}
