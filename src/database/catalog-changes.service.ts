import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseService } from './database.service.js';
import { loggableMessage } from '../common/loggable-error.js';

/** Channel the database triggers of migration 0004 notify on (statement level, on commit). */
export const CATALOG_CHANNEL = 'okb_catalog_changed';

/**
 * Changes that leave the public pages as they were: payments (a rental's status moves with them, and rentals notify
 * on their own), logins and contact messages. Users stay in: a reviewer's name shows on the bike page.
 */
export const affectsPublicPages = (source: string): boolean =>
  !/^db:payments$/.test(source) && !/^api:\w+ \/api\/(auth|contact)(\/|$)/.test(source);

/**
 * "Data the shop shows may have changed" (bikes, stock, bookings, reviews, users; also payments, which only the
 * dashboard shows: see `affectsPublicPages`). Two sources, one signal, named by its source (`db:<table>`, `api:<method> <path>`):
 * - the database: triggers on the tables those pages read (`okb_notify_catalog_change`, migration 0004) NOTIFY on
 *   every committed write, from any writer (API, webhook, sweeper, scripts) on any instance; each instance LISTENs
 *   (PostgreSQL: a connection of its own; PGlite: in-process);
 * - this instance's own API writes (CatalogWriteInterceptor), signalled before their response is sent, so a
 *   visitor who changed something sees it on the next page even before the notification has arrived.
 * Subscribers (the anonymous page cache) drop what they hold; a lost listen connection counts as a change.
 */
@Injectable()
export class CatalogChanges implements OnApplicationBootstrap {
  private readonly logger = new Logger('CatalogChanges');
  private readonly subscribers = new Set<(source: string) => void>();

  constructor(private readonly database: DatabaseService) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.database.listen(
        CATALOG_CHANNEL,
        (table) => this.changed(`db:${table}`),
        () => this.changed('db:reconnected'),
      );
    } catch (err) {
      // Pages then rely on their short lifetime and this instance's own writes.
      this.logger.warn(`not listening for catalog changes: ${loggableMessage(err)}`);
    }
  }

  subscribe(fn: (source: string) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  changed(source: string): void {
    for (const fn of this.subscribers) fn(source);
  }
}
