// node bench/profile-api.mjs <path> [seconds] [worker|admin] [profile 1|0]: the API on the kept scale database (sieve_bench_scale_kept) under 50 callers, with a CPU profile.
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const lib = await import('./lib.mjs');
const [, , target = '/worker/tasks?limit=20', seconds = '10', who = 'worker', prof = '1'] = process.argv;
const url = new URL(lib.POSTGRES_URL);
url.pathname = '/sieve_bench_scale_kept';
const dir = mkdtempSync(path.join(os.tmpdir(), 'sieve-prof-'));
const product = await lib.startProduct(
  { DATABASE_URL: url.toString(), ADMIN_EMAIL: 'bench@acme-corp.io', ADMIN_PASSWORD: 'bench-pass-1' },
  prof === '1' ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [],
);
const tokens = [];
if (who === 'admin') tokens.push((await lib.signIn(product.base, 'bench@acme-corp.io')).token);
else
  for (let i = 0; i < 50; i++)
    tokens.push((await lib.signIn(product.base, `scale-w${i}@acme-corp.io`)).token);
await lib.api(product.base, target, { token: tokens[0] });
let next = 0;
const load0 = os.loadavg()[0];
const r = await new Promise((res, rej) =>
  autocannon(
    {
      url: `${product.base}/api/v1${target}`,
      connections: 50,
      duration: Number(seconds),
      requests: [
        {
          setupRequest: (req, ctx) => {
            ctx.token ??= tokens[next++ % tokens.length];
            return { ...req, headers: { ...req.headers, authorization: `Bearer ${ctx.token}` } };
          },
        },
      ],
    },
    (e, x) => (e ? rej(e) : res(x)),
  ),
);
console.log(
  JSON.stringify({
    target,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    load: [load0, ...os.loadavg()],
  }),
);
await product.stop();
if (prof === '1') {
  await new Promise((r) => setTimeout(r, 500));
  console.log('profile', dir, readdirSync(dir));
}
