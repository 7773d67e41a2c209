import pg from 'pg';
import { api, percentile, registerRequester, registerWorker, round, startBenchProduct } from './lib.mjs';
import { seedTasks } from './seed.mjs';

const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 100);
const TASKS = Number(process.env.BENCH_TASKS ?? 5000);

/**
 * 100 simulated reviewers claim and review 5,000 tasks over HTTP against Postgres. Every
 * acknowledged review must be stored (lost = 0) and no task may hold more reviews than slots.
 */
export async function reviewThroughput() {
  const bench = await startBenchProduct('review');
  const { db, product, adminToken } = bench;
  try {
    const requester = await registerRequester(product.base, 'r@acme-corp.io');
    await seedTasks(db.url, requester.user_id, TASKS, 1);
    const workers = [];
    for (let i = 0; i < REVIEWERS; i += 10) {
      const size = Math.min(10, REVIEWERS - i);
      workers.push(
        ...(await Promise.all(
          Array.from({ length: size }, (_, k) =>
            registerWorker(product.base, adminToken, `w${i + k}@acme-corp.io`),
          ),
        )),
      );
    }
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(`update users set is_approved = true where user_type = 'worker'`);

    const acceptMs = [];
    const reviewMs = [];
    const acked = [];
    let conflicts = 0;
    let errors = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      workers.map(async (worker, index) => {
        let page = 1 + (index % 20);
        for (;;) {
          const list = await api(product.base, `/worker/tasks?limit=20&page=${page}`, {
            token: worker.token,
          });
          const tasks = list.body?.tasks ?? [];
          if (tasks.length === 0) {
            if (page === 1) return;
            page = 1;
            continue;
          }
          for (const task of tasks) {
            let t0 = performance.now();
            const accepted = await api(product.base, `/worker/tasks/${task.task_id}/accept`, {
              method: 'POST',
              token: worker.token,
            });
            acceptMs.push(performance.now() - t0);
            if (accepted.status === 409 || accepted.status === 404) {
              conflicts++;
              continue;
            }
            if (accepted.status !== 200) {
              errors++;
              continue;
            }
            t0 = performance.now();
            const reviewed = await api(product.base, `/worker/tasks/${task.task_id}/review`, {
              method: 'POST',
              token: worker.token,
              body: {
                response: {
                  ai_processed: true,
                  confidence_score: -0.1,
                  result: { total_revenue: 1234500000 },
                },
                confidence: 0.8,
              },
            });
            reviewMs.push(performance.now() - t0);
            if (reviewed.status === 200) acked.push(`${task.task_id}:${worker.user_id}`);
            else errors++;
          }
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const stored = new Set(
      (await client.query(`select task_id, worker_id from assignments where status = 'submitted'`)).rows.map(
        (r) => `${r.task_id}:${r.worker_id}`,
      ),
    );
    const lost = acked.filter((key) => !stored.has(key)).length;
    const double = Number(
      (
        await client.query(
          `select count(*)::int as n from (select t.id from tasks t join assignments a on a.task_id = t.id
             where a.status in ('submitted', 'claimed') group by t.id, t.required_reviews having count(*) > t.required_reviews) x`,
        )
      ).rows[0].n,
    );
    const completed = Number(
      (await client.query(`select count(*)::int as n from tasks where status = 'completed'`)).rows[0].n,
    );
    await client.end();
    return {
      reviewers: REVIEWERS,
      tasks: TASKS,
      reviews: acked.length,
      tasksCompleted: completed,
      seconds: round(seconds, 1),
      reviewsPerSecond: round(acked.length / seconds, 1),
      accept: { p50: round(percentile(acceptMs, 50)), p99: round(percentile(acceptMs, 99)) },
      review: { p50: round(percentile(reviewMs, 50)), p99: round(percentile(reviewMs, 99)) },
      conflicts,
      errors,
      doubleAssignments: double,
      lostReviews: lost,
    };
  } finally {
    await bench.close();
  }
}
