import { AsyncLocalStorage } from 'node:async_hooks';
import type { WebhookEventType } from '@sieve/contracts';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows, type Tx } from '../../db/client';
import { requests, webhookEndpoints, webhookEvents } from '../../db/schema';

/**
 * How state changes announce themselves to webhooks: `record` writes the event in the state
 * change's own transaction (an outbox, so a crash cannot lose it); `run` wraps the code that
 * commits, and once it has, the recorded events are dispatched. Events nobody subscribed to are
 * not written at all.
 */
export interface WebhookEmitter {
  /** Records one event, or several of the same request in one statement (in their order). */
  record(
    tx: Tx | Db,
    types: WebhookEventType | readonly WebhookEventType[],
    requestId: string,
  ): Promise<void>;
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createWebhookEmitter(dispatch: (eventIds: string[]) => void): WebhookEmitter {
  const recorded = new AsyncLocalStorage<string[]>();
  return {
    async record(tx, types, requestId) {
      const list = typeof types === 'string' ? [types] : types;
      const rows = await preparedRows<{ id: string }>(
        tx,
        sql`insert into ${webhookEvents} (user_id, type, request_id)
          select r.requester_id, k.type, r.id
          from ${requests} r, unnest(array[${sql.join(
            list.map((type) => sql`${type}`),
            sql`, `,
          )}]::text[]) with ordinality k(type, n)
          where r.id = ${requestId} and exists (
            select 1 from ${webhookEndpoints} e
            where e.user_id = r.requester_id and e.deleted_at is null and k.type = any(e.events))
          order by k.n
          returning id`,
      );
      const store = recorded.getStore();
      for (const row of rows) store?.push(row.id);
    },
    async run(work) {
      const ids: string[] = [];
      const result = await recorded.run(ids, work);
      if (ids.length > 0) dispatch(ids);
      return result;
    },
  };
}

/** For services built without webhooks (tools, some tests): records nothing. */
export const noWebhooks: WebhookEmitter = {
  record: async () => undefined,
  run: (work) => work(),
};
