import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { api, freePort, ROOT, registerRequester, registerWorker, round, startBenchProduct } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

/** Seconds of load before each server's measured run (the same for all three): JIT and pools warm. */
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);

async function load(url, headers = {}) {
  await run(url, headers, WARM_UP);
  return run(url, headers, DURATION);
}

function run(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (error, result) => {
      if (error) reject(error);
      else
        resolve({
          rps: round(result.requests.average, 0),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
        });
    });
  });
}

async function bareServer(kind, json) {
  const port = await freePort();
  const script =
    kind === 'node'
      ? `const body = process.env.BODY; require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'application/json; charset=utf-8'}); s.end(body); }).listen(${port}, '127.0.0.1', () => console.log('up'));`
      : `const express = require(${JSON.stringify(require_express())}); const body = JSON.parse(process.env.BODY); const app = express(); app.get('/api/v1/worker/tasks', (q, s) => s.json(body)); app.listen(${port}, '127.0.0.1', () => console.log('up'));`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, BODY: json },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}/api/v1/worker/tasks?limit=10`, stop: () => child.kill() };
}

function require_express() {
  return path.join(ROOT, 'apps/api/node_modules/express');
}

/** Authenticated GET /worker/tasks against bare node:http and bare Express serving the same JSON. */
export async function apiOverhead() {
  const bench = await startBenchProduct('overhead');
  const { db, product, adminToken } = bench;
  try {
    const worker = await registerWorker(product.base, adminToken, 'w@acme-corp.io');
    await api(product.base, `/admin/workers/${worker.user_id}/status`, {
      method: 'PUT',
      token: adminToken,
      body: { active: true },
    });
    const requester = await registerRequester(product.base, 'r@acme-corp.io');
    const { seedTasks } = await import('./seed.mjs');
    await seedTasks(db.url, requester.user_id, 50);
    const url = `${product.base}/api/v1/worker/tasks?limit=10`;
    const sample = await api(product.base, '/worker/tasks?limit=10', { token: worker.token });
    const json = JSON.stringify(sample.body);
    const sieve = await load(url, { authorization: `Bearer ${worker.token}` });
    const node = await bareServer('node', json);
    const bareNode = await load(node.url);
    node.stop();
    const expressServer = await bareServer('express', json);
    const bareExpress = await load(expressServer.url);
    expressServer.stop();
    return {
      responseBytes: json.length,
      sieve,
      bareNode,
      bareExpress,
      sieveVsNode: round(sieve.rps / bareNode.rps, 3),
      sieveVsExpress: round(sieve.rps / bareExpress.rps, 3),
    };
  } finally {
    await bench.close();
  }
}
