import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** First paint of each app's dashboard in Chromium (e2e/bench/first-paint.mjs prints JSON). */
export function firstPaint() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'e2e/bench/first-paint.mjs')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0)
        return reject(new Error(`first-paint exited ${code}: ${err.split('\n').slice(-5).join(' ')}`));
      try {
        resolve(JSON.parse(out.slice(out.indexOf('{'))));
      } catch (error) {
        reject(error);
      }
    });
  });
}
