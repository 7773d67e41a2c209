import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** The Reviewer workspace in Chromium (e2e/bench/reviewer-ui.mjs prints its figures as JSON). */
export function reviewerUi() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'e2e/bench/reviewer-ui.mjs')], {
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
        return reject(new Error(`reviewer-ui exited ${code}: ${err.split('\n').slice(-5).join(' ')}`));
      try {
        resolve(JSON.parse(out.slice(out.indexOf('{'))));
      } catch (error) {
        reject(error);
      }
    });
  });
}
