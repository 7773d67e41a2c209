import type { WorkerTaskSummary } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import { pickNextTask } from './next-task';

const task = (id: string) => ({ task_id: id }) as WorkerTaskSummary;

describe('the next task (spec 01 §4)', () => {
  const items = [task('a'), task('b'), task('c')];

  it('is the one after the finished task', () => {
    expect(pickNextTask(items, 'a')?.task_id).toBe('b');
  });

  it('wraps to the first after the last', () => {
    expect(pickNextTask(items, 'c')?.task_id).toBe('a');
  });

  it('is null when nothing else is left', () => {
    expect(pickNextTask([task('a')], 'a')).toBeNull();
    expect(pickNextTask([], 'a')).toBeNull();
  });

  it('uses where the task stood when it is no longer listed, and skips unloaded slots', () => {
    expect(pickNextTask([task('a'), task('c')], 'b', 1)?.task_id).toBe('c');
    expect(pickNextTask([task('a'), undefined, task('c')], 'a')?.task_id).toBe('c');
  });
});
