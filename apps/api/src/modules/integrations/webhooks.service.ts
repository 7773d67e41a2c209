import { randomBytes } from 'node:crypto';
import {
  type CreateWebhookBody,
  type ListenEventsResponse,
  WEBHOOK_HEADERS,
  WEBHOOK_LISTENER_URL,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEventPayload,
  type WebhookEventType,
} from '@sieve/contracts';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { type Db, queryRows } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { FetchRefusedError } from '../../net/errors';
import { refusalReason, type SafeFetch, safeFetch } from '../../net/fetch-guard';
import { createWebhookEmitter } from './webhook-events';
import { signWebhook } from './webhook-signature';
import { deliveryJobId, webhookDeliveryJob } from './webhooks.jobs';

/** A receiver gets this long to answer before the try counts as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** The receiver's answer is not needed beyond its status: read at most this much of it. */
const RESPONSE_MAX_BYTES = 64 * 1024;
/** Events or deliveries this overdue are picked up by the sweep (their dispatch or job was lost). */
const OVERDUE_MS = 60_000;

export interface WebhooksServiceDeps {
  db: Db;
  queue: JobQueue;
  logger: Logger;
  /** The request as `GET /requests/{id}` returns it, for the payload. */
  loadRequest: (
    requesterId: string,
    requestId: string,
  ) => Promise<NonNullable<WebhookEventPayload['data']['request']>>;
  /** ALLOW_PRIVATE_FETCH: deliveries to private addresses (tests only). */
  allowPrivateFetch: boolean;
  /** The first retry's delay; each further one doubles it (WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number;
  fetch?: SafeFetch;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function toEndpoint(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    created_at: row.createdAt.toISOString(),
  };
}

/** How often a long poll of a listener looks for new events. */
const LISTEN_POLL_MS = 250;

/** The delay before try `attempt + 1` after try `attempt` failed: base · 2^(attempt-1). */
export function retryDelayMs(baseMs: number, attempt: number) {
  return baseMs * 2 ** (attempt - 1);
}

/** Literal private addresses and localhost are refused when the endpoint is added (unless allowed). */
function refusedUrl(url: string): string | null {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this machine`;
  if (ipaddr.isValid(host)) return refusalReason(host);
  return null;
}

export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { db } = deps;
  const fetchGuarded = deps.fetch ?? safeFetch;

  async function ownEndpoint(userId: string, id: string) {
    const row = await db.query.webhookEndpoints.findFirst({
      where: and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.userId, userId),
        isNull(webhookEndpoints.deletedAt),
      ),
    });
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
    return row;
  }

  async function enqueueAttempt(deliveryId: string, attempt: number, delayMs = 0) {
    await deps.queue.enqueue(
      webhookDeliveryJob,
      { deliveryId, attempt },
      { jobId: deliveryJobId(deliveryId, attempt), delayMs },
    );
  }

  /** The delivery log entries of these deliveries, as the API returns them. */
  async function describeDeliveries(ids: string[]): Promise<WebhookDelivery[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ delivery: webhookDeliveries, type: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(inArray(webhookDeliveries.id, ids))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
    const attempts = await db
      .select()
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, ids))
      .orderBy(asc(webhookAttempts.attempt));
    return rows.map(({ delivery, type }) => ({
      id: delivery.id,
      event_id: delivery.eventId,
      event_type: type,
      status: delivery.status,
      created_at: delivery.createdAt.toISOString(),
      delivered_at: delivery.deliveredAt?.toISOString() ?? null,
      next_attempt_at: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
      attempts: attempts
        .filter((a) => a.deliveryId === delivery.id)
        .map((a) => ({
          attempt: a.attempt,
          at: a.attemptedAt.toISOString(),
          status_code: a.statusCode,
          error: a.error,
          duration_ms: a.durationMs,
          next_attempt_at: a.nextAttemptAt?.toISOString() ?? null,
        })),
    }));
  }

  /**
   * Freezes the events' payloads and creates one delivery per subscribed endpoint, then queues
   * the first tries. Safe to run twice for one event (the sweep and the emitter may race).
   */
  async function dispatch(eventIds: string[]) {
    const created: string[] = [];
    for (const eventId of eventIds) {
      const event = await db.query.webhookEvents.findFirst({ where: eq(webhookEvents.id, eventId) });
      if (!event || event.dispatchedAt) continue;
      const request = event.requestId
        ? await deps.loadRequest(event.userId, event.requestId).catch(() => null)
        : null;
      const payload: WebhookEventPayload = {
        id: event.id,
        type: event.type as WebhookEventPayload['type'],
        created_at: event.createdAt.toISOString(),
        data: { request },
      };
      const ids = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(webhookEvents)
          .set({ payload, dispatchedAt: new Date() })
          .where(and(eq(webhookEvents.id, event.id), isNull(webhookEvents.dispatchedAt)))
          .returning({ id: webhookEvents.id });
        if (!claimed) return [];
        const endpoints = await tx
          .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
          .from(webhookEndpoints)
          .where(
            and(
              eq(webhookEndpoints.userId, event.userId),
              isNull(webhookEndpoints.deletedAt),
              event.endpointId
                ? eq(webhookEndpoints.id, event.endpointId)
                : sql`${event.type} = any(${webhookEndpoints.events})`,
            ),
          );
        if (endpoints.length === 0) return [];
        const now = new Date();
        const rows = await tx
          .insert(webhookDeliveries)
          .values(
            endpoints.map((e) => ({
              eventId: event.id,
              endpointId: e.id,
              // A listener's events wait for `sieve listen` to fetch them: no try is scheduled.
              nextAttemptAt: e.url === WEBHOOK_LISTENER_URL ? null : now,
              retryUntil: new Date(event.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS),
            })),
          )
          .onConflictDoNothing()
          .returning({ id: webhookDeliveries.id, scheduled: webhookDeliveries.nextAttemptAt });
        return rows.filter((r) => r.scheduled !== null).map((r) => r.id);
      });
      for (const id of ids) {
        await enqueueAttempt(id, 1).catch((error) =>
          deps.logger.warn(
            { err: error, deliveryId: id },
            'could not queue a webhook delivery; the sweep will',
          ),
        );
      }
      created.push(...ids);
    }
    return created;
  }

  const emitter = createWebhookEmitter((ids) => {
    void dispatch(ids).catch((error) =>
      deps.logger.warn({ err: error, events: ids }, 'could not dispatch webhook events; the sweep will'),
    );
  });

  return {
    emitter,
    dispatch,

    async create(userId: string, body: CreateWebhookBody) {
      const refused = deps.allowPrivateFetch ? null : refusedUrl(body.url);
      if (refused) {
        throw new AppError(
          'WEBHOOK_URL_REFUSED',
          `Webhooks cannot be sent to ${refused}. Use a public http(s) URL.`,
          { url: `Webhooks cannot be sent to ${refused}` },
        );
      }
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ userId, url: body.url, events: [...new Set(body.events)], secret })
        .returning();
      if (!row) throw new AppError('INTERNAL_SERVER_ERROR');
      return { ...toEndpoint(row), secret };
    },

    async list(userId: string) {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.userId, userId),
            isNull(webhookEndpoints.deletedAt),
            ne(webhookEndpoints.url, WEBHOOK_LISTENER_URL),
          ),
        )
        .orderBy(desc(webhookEndpoints.createdAt));
      return { webhooks: rows.map(toEndpoint) };
    },

    /**
     * `sieve listen`: the account's listener (created once, then reused with its secret), now
     * subscribed to `events`. Events it holds from before are dropped: a session starts fresh.
     */
    async listen(userId: string, events: WebhookEventType[]) {
      const subscribed = [...new Set(events)];
      let row = await db.query.webhookEndpoints.findFirst({
        where: and(
          eq(webhookEndpoints.userId, userId),
          eq(webhookEndpoints.url, WEBHOOK_LISTENER_URL),
          isNull(webhookEndpoints.deletedAt),
        ),
      });
      if (row) {
        await db.update(webhookEndpoints).set({ events: subscribed }).where(eq(webhookEndpoints.id, row.id));
        await db
          .update(webhookDeliveries)
          .set({ status: 'failed' })
          .where(and(eq(webhookDeliveries.endpointId, row.id), eq(webhookDeliveries.status, 'pending')));
      } else {
        const secret = `whsec_${randomBytes(24).toString('base64url')}`;
        [row] = await db
          .insert(webhookEndpoints)
          .values({ userId, url: WEBHOOK_LISTENER_URL, events: subscribed, secret })
          .returning();
        if (!row) throw new AppError('INTERNAL_SERVER_ERROR');
      }
      return { id: row.id, events: subscribed, secret: row.secret };
    },

    /**
     * A long poll of a listener's events: waits up to `waitSeconds` for the first, then returns
     * every event not fetched yet (oldest first) and marks them delivered, so each comes once.
     */
    async pollListener(
      userId: string,
      id: string,
      waitSeconds: number,
      signal?: AbortSignal,
    ): Promise<ListenEventsResponse> {
      const endpoint = await ownEndpoint(userId, id);
      if (endpoint.url !== WEBHOOK_LISTENER_URL) {
        throw new AppError(
          'WEBHOOK_NOT_FOUND',
          'This webhook endpoint is not a listener (see `sieve listen`).',
        );
      }
      const deadline = Date.now() + waitSeconds * 1000;
      for (;;) {
        const claimed = await db.transaction(async (tx) => {
          const pending = await tx
            .select({ id: webhookDeliveries.id, payload: webhookEvents.payload })
            .from(webhookDeliveries)
            .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
            .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')))
            .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
            .limit(100)
            .for('update', { of: webhookDeliveries, skipLocked: true });
          if (pending.length === 0) return [];
          await tx
            .update(webhookDeliveries)
            .set({ status: 'delivered', deliveredAt: new Date(), attemptCount: 1, nextAttemptAt: null })
            .where(
              inArray(
                webhookDeliveries.id,
                pending.map((p) => p.id),
              ),
            );
          return pending;
        });
        if (claimed.length > 0 || Date.now() >= deadline || signal?.aborted) {
          return {
            events: claimed.map((p) => ({ delivery_id: p.id, event: p.payload as WebhookEventPayload })),
          };
        }
        await new Promise((resolve) => setTimeout(resolve, LISTEN_POLL_MS));
      }
    },

    async remove(userId: string, id: string) {
      await ownEndpoint(userId, id);
      await db.update(webhookEndpoints).set({ deletedAt: new Date() }).where(eq(webhookEndpoints.id, id));
    },

    /** "Send test event": a `webhook.test` event to this endpoint only, delivered like any other. */
    async sendTest(userId: string, id: string) {
      await ownEndpoint(userId, id);
      const [event] = await db
        .insert(webhookEvents)
        .values({ userId, type: WEBHOOK_TEST_EVENT, endpointId: id })
        .returning({ id: webhookEvents.id });
      if (!event) throw new AppError('INTERNAL_SERVER_ERROR');
      const [deliveryId] = await dispatch([event.id]);
      if (!deliveryId) throw new AppError('INTERNAL_SERVER_ERROR');
      const [delivery] = await describeDeliveries([deliveryId]);
      return delivery;
    },

    async deliveries(userId: string, id: string) {
      await ownEndpoint(userId, id);
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, id))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(100);
      return { deliveries: await describeDeliveries(rows.map((r) => r.id)) };
    },

    /** Sends the same event (same id and body) again, with a fresh 24 h of retries. */
    async redeliver(userId: string, id: string, deliveryId: string) {
      await ownEndpoint(userId, id);
      const [row] = await db
        .update(webhookDeliveries)
        .set({
          status: 'pending',
          nextAttemptAt: new Date(),
          retryUntil: new Date(Date.now() + WEBHOOK_RETRY_WINDOW_MS),
          deliveredAt: null,
        })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
        .returning();
      if (!row) throw new AppError('WEBHOOK_NOT_FOUND', 'This delivery could not be found.');
      await enqueueAttempt(row.id, row.attemptCount + 1);
      const [delivery] = await describeDeliveries([row.id]);
      return delivery;
    },

    /** The job: one try of one delivery, logged; schedules the next try or gives up. */
    async deliver({ deliveryId, attempt }: { deliveryId: string; attempt: number }) {
      const [row] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, deliveryId));
      // Idempotent: a try already made (a redelivered job) or a settled delivery is left alone.
      if (row?.delivery.status !== 'pending' || row.delivery.attemptCount >= attempt) return;
      const { delivery, endpoint, event } = row;
      // A listener's events are fetched by `sieve listen`, never posted by the server.
      if (endpoint.url === WEBHOOK_LISTENER_URL) return;
      const log = deps.logger.child({ deliveryId, attempt, eventId: event.id });
      if (endpoint.deletedAt) {
        await db
          .update(webhookDeliveries)
          .set({ status: 'failed', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, deliveryId));
        return;
      }
      const body = JSON.stringify(event.payload);
      const started = new Date();
      let statusCode: number | null = null;
      let error: string | null = null;
      let permanent = false;
      try {
        const response = await fetchGuarded(endpoint.url, {
          method: 'POST',
          body,
          allowPrivate: deps.allowPrivateFetch,
          timeoutMs: DELIVERY_TIMEOUT_MS,
          maxRedirects: 0,
          maxBytes: RESPONSE_MAX_BYTES,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Sieve-Webhooks/1.0',
            [WEBHOOK_HEADERS.signature.toLowerCase()]: signWebhook(
              endpoint.secret,
              body,
              Math.floor(started.getTime() / 1000),
            ),
            [WEBHOOK_HEADERS.eventId.toLowerCase()]: event.id,
            [WEBHOOK_HEADERS.eventType.toLowerCase()]: event.type,
          },
        });
        statusCode = response.status;
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
        // The guard refused (a private address, a redirect): trying again will not change that.
        permanent = caught instanceof FetchRefusedError;
        if (permanent && /redirects?$/i.test(error)) {
          error = `${error}: the receiver answered with a redirect, and webhook deliveries do not follow redirects. Register the final URL.`;
        }
      }
      const finished = new Date();
      const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
      if (statusCode !== null && statusCode >= 300 && statusCode < 400) {
        // A redirect (even one without a Location) is not followed and will not change by retrying.
        permanent = true;
        error = `The receiver answered ${statusCode}, a redirect; webhook deliveries do not follow redirects. Register the final URL.`;
      }
      const delay = retryDelayMs(deps.retryBaseMs, attempt);
      const next =
        delivered || permanent || finished.getTime() + delay > delivery.retryUntil.getTime()
          ? null
          : new Date(finished.getTime() + delay);
      const recorded = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(webhookAttempts)
          .values({
            deliveryId,
            attempt,
            statusCode,
            error,
            durationMs: finished.getTime() - started.getTime(),
            attemptedAt: started,
            nextAttemptAt: next,
          })
          .onConflictDoNothing()
          .returning({ attempt: webhookAttempts.attempt });
        if (inserted.length === 0) return false;
        await tx
          .update(webhookDeliveries)
          .set({
            attemptCount: attempt,
            status: delivered ? 'delivered' : next ? 'pending' : 'failed',
            nextAttemptAt: next,
            deliveredAt: delivered ? finished : null,
          })
          .where(eq(webhookDeliveries.id, deliveryId));
        return true;
      });
      if (!recorded) return;
      log.info({ statusCode, error, delivered, nextAttemptAt: next }, 'webhook delivery attempt');
      if (next) await enqueueAttempt(deliveryId, attempt + 1, next.getTime() - finished.getTime());
    },

    /**
     * Picks up what a crash or a queue outage left behind: events recorded but never dispatched,
     * and pending deliveries whose next try is overdue (its job was lost). Idempotent.
     */
    async sweep() {
      const events = await queryRows<{ id: string }>(
        db,
        sql`select id from ${webhookEvents} where dispatched_at is null
          and created_at < now() - make_interval(secs => ${OVERDUE_MS / 1000}) order by created_at limit 500`,
      );
      if (events.length) await dispatch(events.map((e) => e.id));
      const overdue = await queryRows<{ id: string; attempt_count: number }>(
        db,
        sql`select id, attempt_count from ${webhookDeliveries} where status = 'pending'
          and next_attempt_at < now() - make_interval(secs => ${OVERDUE_MS / 1000}) limit 500`,
      );
      for (const d of overdue) await enqueueAttempt(d.id, Number(d.attempt_count) + 1);
      return events.length + overdue.length;
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
