import { type AdminLiveFigures, type AlertSettings, EXPORT_COLUMNS } from '@sieve/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { assignments, auditLog, requests, tasks, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { csvRow } from '../../http/csv';
import type { JobQueue } from '../../jobs/queue';
import { recordAudit } from '../audit/audit';
import type { SessionCache } from '../auth/session-cache';
import type { RequestsService } from '../requests/requests.service';
import type { TasksService } from '../tasks/tasks.service';
import {
  type ListParams,
  listRequesters,
  listRequests,
  listWorkers,
  requestsExportPage,
} from './admin.lists';
import { computeStats, readPeople, type StatsDeps, withLivePeople } from './admin.stats';
import { readAlertSettings, writeAlertSettings } from './alert-settings';
import { loadRequestDetail } from './request-detail';
import { createStatsSummary } from './stats-summary';

export interface AdminServiceDeps {
  db: Db;
  queue: JobQueue;
  requests: RequestsService;
  tasks: TasksService;
  stats: Omit<StatsDeps, 'db' | 'isPaused' | 'alertSettings'>;
  /** How old the stats summary may be when read (ADMIN_STATS_MAX_AGE_SECONDS); 0 computes each time. */
  statsMaxAgeMs?: number;
  /** Cached sessions, forgotten when an account changes (see session-cache.ts). */
  sessions?: Pick<SessionCache, 'forgetUser'>;
}

type Actor = { id: string };
const EXPORT_PAGE = 500;
const EXPORT_KEYSET_PAGE = 1000;

export function createAdminService(deps: AdminServiceDeps) {
  const { db } = deps;

  async function liveUser(id: string, userType: 'worker' | 'requester') {
    const user = await db.query.users.findFirst({
      where: and(eq(users.id, id), eq(users.userType, userType), isNull(users.deletedAt)),
    });
    if (!user)
      throw new AppError(
        'USER_NOT_FOUND',
        `No ${userType === 'worker' ? 'reviewer' : 'requester'} with this id.`,
      );
    return user;
  }

  // Unsearched totals may be as old as the admin summary (0 in tests: counted each time).
  const countMaxAgeMs = deps.statsMaxAgeMs ?? 0;
  const lists = {
    workers: (p: ListParams) => listWorkers(db, { countMaxAgeMs, ...p }),
    requesters: (p: ListParams) => listRequesters(db, { countMaxAgeMs, ...p }),
    requests: (p: ListParams) => listRequests(db, { countMaxAgeMs, ...p }),
  };

  const statsSummary = createStatsSummary(
    async () =>
      computeStats({
        ...deps.stats,
        db,
        isPaused: () => deps.queue.isPaused(),
        alertSettings: await readAlertSettings(db),
      }),
    {
      maxAgeMs: deps.statsMaxAgeMs ?? 0,
      isPaused: () => deps.queue.isPaused(),
      live: async (stats) => {
        const [people, settings] = await Promise.all([readPeople(db), readAlertSettings(db)]);
        return withLivePeople(stats, people, settings);
      },
    },
  );

  return {
    stats: () => statsSummary.read(),
    /** The figures that move within a second of an event, from the same read as stats (issue 40). */
    async liveFigures(): Promise<AdminLiveFigures> {
      const { systemHealth, teamMetrics, alerts, operationsData } = await statsSummary.read();
      return {
        systemHealth: { status: systemHealth.status },
        teamMetrics: {
          activeWorkers: teamMetrics.activeWorkers,
          totalWorkers: teamMetrics.totalWorkers,
          pendingWorkers: teamMetrics.pendingWorkers,
          totalRequesters: teamMetrics.totalRequesters,
        },
        alerts,
        paused: operationsData.paused,
      };
    },
    /** The schedule's refresh of the stats summary, while dashboards read it (within `withinMs`). */
    refreshStats: (withinMs = Number.POSITIVE_INFINITY) => statsSummary.refreshIfRead(withinMs),

    alertSettings: () => readAlertSettings(db),
    updateAlertSettings: (actor: Actor, value: AlertSettings) => writeAlertSettings(db, actor, value),

    requestDetail: (id: string) => loadRequestDetail(db, id),

    /** A failed extraction runs again (a request that reached review keeps its tasks: 409). */
    async retryRequest(actor: Actor, id: string) {
      const detail = await loadRequestDetail(db, id);
      if (!detail.can_retry)
        throw new AppError(
          'REQUEST_STATE_CONFLICT',
          detail.request.status === 'failed'
            ? 'This request reached review before it failed; submit it again instead.'
            : 'Only a failed request can be run again.',
        );
      await db.transaction(async (tx) => {
        await tx
          .update(requests)
          .set({
            status: 'pending',
            error: null,
            attempts: 0,
            completedAt: null,
            startedAt: null,
            updatedAt: new Date(),
          })
          .where(and(eq(requests.id, id), eq(requests.status, 'failed')));
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'request.retry',
          targetType: 'request',
          targetId: id,
        });
      });
      await deps.requests.enqueue(id);
      return loadRequestDetail(db, id);
    },

    /** Stops a pending or in-progress request: it fails with a reason, its open tasks close. */
    async cancelRequest(actor: Actor, id: string) {
      const now = new Date();
      await db.transaction(async (tx) => {
        const cancelled = await tx
          .update(requests)
          .set({ status: 'failed', error: 'Cancelled by an admin.', updatedAt: now, completedAt: now })
          .where(
            and(
              eq(requests.id, id),
              isNull(requests.deletedAt),
              inArray(requests.status, ['pending', 'processing']),
            ),
          )
          .returning({ id: requests.id });
        if (cancelled.length === 0) {
          const exists = await tx.query.requests.findFirst({
            where: and(eq(requests.id, id), isNull(requests.deletedAt)),
          });
          throw new AppError(
            exists ? 'REQUEST_STATE_CONFLICT' : 'REQUEST_NOT_FOUND',
            exists ? 'Only a pending or in-progress request can be cancelled.' : undefined,
          );
        }
        const open = await tx
          .update(tasks)
          .set({ status: 'rejected', updatedAt: now, completedAt: now })
          .where(and(eq(tasks.requestId, id), inArray(tasks.status, ['available', 'claimed'])))
          .returning({ id: tasks.id });
        if (open.length > 0) {
          await tx
            .update(assignments)
            .set({ status: 'expired', finishedAt: now })
            .where(
              and(
                inArray(
                  assignments.taskId,
                  open.map((t) => t.id),
                ),
                eq(assignments.status, 'claimed'),
              ),
            );
        }
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'request.cancel',
          targetType: 'request',
          targetId: id,
          details: { closed_tasks: open.length },
        });
      });
      return loadRequestDetail(db, id);
    },

    async workers(p: ListParams) {
      const { rows, ...rest } = await lists.workers(p);
      return { workers: rows, ...rest };
    },
    async requesters(p: ListParams) {
      const { rows, ...rest } = await lists.requesters(p);
      return { requesters: rows, ...rest };
    },
    async requests(p: ListParams) {
      const { rows, ...rest } = await lists.requests(p);
      return { requests: rows, ...rest };
    },

    /** Activating also approves (DESIGN §7); deactivating keeps the account but closes /worker/*. */
    async setWorkerStatus(actor: Actor, workerId: string, active: boolean) {
      await liveUser(workerId, 'worker');
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set(
            active
              ? { isActive: true, isApproved: true, updatedAt: new Date() }
              : { isActive: false, updatedAt: new Date() },
          )
          .where(eq(users.id, workerId));
        await recordAudit(tx, {
          actorId: actor.id,
          action: active ? 'worker.activate' : 'worker.deactivate',
          targetType: 'worker',
          targetId: workerId,
        });
      });
      deps.sessions?.forgetUser(workerId);
      const { rows } = await lists.workers({
        page: 1,
        limit: 1,
        sort_by: 'created_at',
        sort_order: 'desc',
        search: workerId,
      });
      const row = rows[0];
      if (!row) throw new AppError('USER_NOT_FOUND');
      return row;
    },

    /** Soft delete: the account leaves lists and cannot sign in; what others depend on stays. */
    async deleteUser(actor: Actor, id: string, userType: 'worker' | 'requester') {
      await liveUser(id, userType);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ deletedAt: new Date(), isActive: false }).where(eq(users.id, id));
        if (userType === 'worker') {
          // Their live claims go back to the pool.
          await tx.execute(
            sql`update assignments set status = 'expired', finished_at = now() where worker_id = ${id} and status = 'claimed'`,
          );
          await tx.execute(sql`update tasks set status = 'available' where status = 'claimed'
            and id in (select task_id from assignments where worker_id = ${id})`);
        }
        await recordAudit(tx, {
          actorId: actor.id,
          action: `${userType}.delete`,
          targetType: userType,
          targetId: id,
        });
      });
      deps.sessions?.forgetUser(id);
      return { status: 'ok' as const };
    },

    async deleteRequest(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .update(requests)
          .set({ deletedAt: new Date() })
          .where(and(eq(requests.id, id), isNull(requests.deletedAt)))
          .returning({ id: requests.id });
        if (deleted.length === 0) throw new AppError('REQUEST_NOT_FOUND');
        // Its open tasks leave the review queue (and its counts) for good.
        await tx
          .update(tasks)
          .set({ status: 'rejected', updatedAt: new Date(), completedAt: new Date() })
          .where(and(eq(tasks.requestId, id), inArray(tasks.status, ['available', 'claimed'])));
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'request.delete',
          targetType: 'request',
          targetId: id,
        });
      });
      return { status: 'ok' as const };
    },

    /** Streams the export in pages so a large table never sits in memory. */
    async *exportCsv(actor: Actor, kind: keyof typeof EXPORT_COLUMNS) {
      const columns = EXPORT_COLUMNS[kind];
      await recordAudit(db, { actorId: actor.id, action: `export.${kind}`, targetType: kind });
      yield csvRow(columns);
      if (kind === 'requests') {
        // The big one (a year of requests): keyset pages, so each page costs the same.
        let after: { createdAt: string; id: string } | null = null;
        for (;;) {
          const page = await requestsExportPage(db, after, EXPORT_KEYSET_PAGE);
          if (page.rows.length === 0) return;
          yield page.rows
            .map((row) => csvRow(columns.map((c) => (row as Record<string, unknown>)[c])))
            .join('');
          if (page.rows.length < EXPORT_KEYSET_PAGE) return;
          after = page.next;
        }
      }
      for (let pageNo = 1; ; pageNo++) {
        const { rows, pages } = await lists[kind]({
          page: pageNo,
          limit: EXPORT_PAGE,
          sort_by: 'created_at',
          sort_order: 'asc',
          // An export counts afresh: a cached total could end it early.
          countMaxAgeMs: 0,
        });
        yield rows.map((row) => csvRow(columns.map((c) => (row as Record<string, unknown>)[c]))).join('');
        if (pageNo >= pages) return;
      }
    },

    async submitOnBehalf(
      actor: Actor,
      body: Parameters<RequestsService['submit']>[1] & {
        on_behalf_of?: string | undefined;
        ai_only?: boolean | undefined;
      },
    ) {
      let requesterId = actor.id;
      if (body.on_behalf_of) {
        const requester = await db.query.users.findFirst({
          where: and(
            eq(users.email, body.on_behalf_of.toLowerCase()),
            eq(users.userType, 'requester'),
            isNull(users.deletedAt),
          ),
        });
        if (!requester) throw new AppError('USER_NOT_FOUND', 'No requester with this email address.');
        requesterId = requester.id;
      }
      const { on_behalf_of: _who, ai_only: aiOnly, ...request } = body;
      // The admin form's `ai_only` (spec 02 §3) and `metadata.ai_only_mode` mean the same thing.
      if (aiOnly) request.metadata = { ...request.metadata, ai_only_mode: true };
      const created = await deps.requests.submit({ id: requesterId }, request, {
        submittedBy: actor.id,
        enforceLimits: false,
      });
      await recordAudit(db, {
        actorId: actor.id,
        action: 'request.submit_on_behalf',
        targetType: 'request',
        targetId: created.request_id,
        details: { requester_id: requesterId, document_type: body.document_type },
      });
      return created;
    },

    async setPaused(actor: Actor, paused: boolean) {
      if (paused) await deps.queue.pause();
      else await deps.queue.resume();
      await recordAudit(db, {
        actorId: actor.id,
        action: paused ? 'queue.pause' : 'queue.resume',
        targetType: 'queue',
      });
      return { paused: await deps.queue.isPaused() };
    },

    /** Failed extractions (no review tasks yet) go back to pending and are queued again. */
    async retryFailed(actor: Actor) {
      const rows = await db
        .update(requests)
        .set({ status: 'pending', error: null, attempts: 0, updatedAt: new Date() })
        .where(
          and(
            eq(requests.status, 'failed'),
            isNull(requests.deletedAt),
            sql`not exists (select 1 from ${tasks} where ${tasks.requestId} = ${requests.id})`,
          ),
        )
        .returning({ id: requests.id });
      for (const row of rows) await deps.requests.enqueue(row.id);
      await recordAudit(db, {
        actorId: actor.id,
        action: 'operations.retry_failed',
        targetType: 'request',
        details: { affected: rows.length },
      });
      return { affected: rows.length };
    },

    async releaseExpired(actor: Actor) {
      const affected = await deps.tasks.expireLeases();
      await recordAudit(db, {
        actorId: actor.id,
        action: 'operations.release_expired',
        targetType: 'task',
        details: { affected },
      });
      return { affected };
    },

    async invites(p: { page: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        queryRows<{
          code: string;
          role: 'worker' | 'admin';
          created_at: string | Date;
          expires_at: string | Date;
          used_at: string | Date | null;
          created_by_email: string | null;
          used_by_email: string | null;
          expired: boolean;
        }>(
          db,
          sql`select i.code, i.role, i.created_at, i.expires_at, i.used_at, c.email as created_by_email,
              u.email as used_by_email, i.expires_at <= now() as expired
            from invite_codes i
            left join users c on c.id = i.created_by
            left join users u on u.id = i.used_by
            order by i.created_at desc, i.code
            limit ${p.limit} offset ${(p.page - 1) * p.limit}`,
        ),
        queryRows<{ n: number }>(db, sql`select count(*)::int as n from invite_codes`),
      ]);
      const count = Number(total?.n ?? 0);
      const iso = (v: string | Date) => new Date(v).toISOString();
      return {
        invites: rows.map((r) => ({
          code: r.code,
          role: r.role,
          status: r.used_at ? ('used' as const) : r.expired ? ('expired' as const) : ('active' as const),
          created_at: iso(r.created_at),
          created_by_email: r.created_by_email,
          expires_at: iso(r.expires_at),
          used_at: r.used_at ? iso(r.used_at) : null,
          used_by_email: r.used_by_email,
        })),
        total: count,
        page: p.page,
        pages: Math.max(1, Math.ceil(count / p.limit)),
      };
    },

    async audit(p: { page: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: auditLog, email: users.email })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(p.limit)
          .offset((p.page - 1) * p.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
      ]);
      const count = Number(total?.n ?? 0);
      return {
        entries: rows.map(({ entry, email }) => ({
          id: entry.id,
          actor_email: email,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          details: entry.details ?? null,
          created_at: entry.createdAt.toISOString(),
        })),
        total: count,
        page: p.page,
        pages: Math.max(1, Math.ceil(count / p.limit)),
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
