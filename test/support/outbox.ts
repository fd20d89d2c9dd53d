import { SQL } from 'drizzle-orm';
import { outboxEmails } from '../../src/database/schema/notifications.js';
import { OutboxRenderer, RenderedEmailRow } from '../../src/modules/notifications/outbox-renderer.js';
import type { TestApp } from './test-app.js';

/**
 * Outbox rows with their messages: the booking's transaction writes only the kind and the address, the worker (or
 * this, through the same renderer) writes subject and bodies from the recorded event.
 */
export async function renderedOutbox(t: TestApp, where?: SQL): Promise<RenderedEmailRow[]> {
  const rows = where ? await t.db.select().from(outboxEmails).where(where) : await t.db.select().from(outboxEmails);
  return t.app.get(OutboxRenderer).rendered(rows);
}
