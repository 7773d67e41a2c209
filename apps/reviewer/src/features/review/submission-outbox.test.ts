import type { ReviewBody } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import {
  pendingSubmissions,
  readOutbox,
  recordAttempt,
  recordPending,
  supersedePending,
} from './submission-outbox';

const body = (value: number): ReviewBody => ({
  response: { ai_processed: true, confidence_score: -0.5, result: { a: value } },
  confidence: 0.9,
});

describe('the submission outbox (test_submissions)', () => {
  it('keeps a submission until the server acknowledges it', () => {
    recordPending('w1', 't1', body(1));
    expect(pendingSubmissions('w1').map((entry) => entry.task_id)).toEqual(['t1']);
    recordAttempt('w1', 't1', { status: 'pending', error: 'offline' });
    expect(pendingSubmissions('w1')[0]?.attempts).toBe(1);
    recordAttempt('w1', 't1', { status: 'submitted' });
    expect(pendingSubmissions('w1')).toEqual([]);
    expect(readOutbox()[0]).toMatchObject({ task_id: 't1', status: 'submitted', attempts: 2 });
    expect(JSON.parse(localStorage.getItem('test_submissions') ?? '[]')).toHaveLength(1);
  });

  it('never hands one reviewer’s submissions to another', () => {
    recordPending('w1', 't1', body(1));
    expect(pendingSubmissions('w2')).toEqual([]);
  });

  it('replaces an unacknowledged copy with the newer one, and keeps refused ones as failed', () => {
    recordPending('w1', 't1', body(1));
    recordPending('w1', 't1', body(2));
    expect(pendingSubmissions('w1')).toHaveLength(1);
    expect(pendingSubmissions('w1')[0]?.submission.response.result).toEqual({ a: 2 });
    recordAttempt('w1', 't1', { status: 'failed', error: 'expired' });
    expect(pendingSubmissions('w1')).toEqual([]);
    expect(readOutbox()[0]).toMatchObject({ status: 'failed', error: 'expired' });
  });

  it('stops sending a copy the reviewer edited after', () => {
    recordPending('w1', 't1', body(1));
    supersedePending('w1', 't1');
    expect(pendingSubmissions('w1')).toEqual([]);
  });

  it('keeps every pending copy but only the latest 50 finished ones', () => {
    for (let i = 0; i < 60; i += 1) {
      recordPending('w1', `s${i}`, body(i));
      recordAttempt('w1', `s${i}`, { status: 'submitted' });
      recordPending('w1', `f${i}`, body(i));
      recordAttempt('w1', `f${i}`, { status: 'failed', error: 'expired' });
    }
    recordPending('w1', 'p1', body(1));
    const entries = readOutbox();
    expect(entries.filter((entry) => entry.status === 'submitted')).toHaveLength(50);
    expect(entries.filter((entry) => entry.status === 'failed')).toHaveLength(50);
    expect(pendingSubmissions('w1').map((entry) => entry.task_id)).toEqual(['p1']);
    expect(entries.some((entry) => entry.task_id === 's59')).toBe(true);
    expect(entries.some((entry) => entry.task_id === 's0')).toBe(false);
  });

  it('survives garbage in storage', () => {
    localStorage.setItem('test_submissions', '{not json');
    expect(readOutbox()).toEqual([]);
    localStorage.setItem('test_submissions', JSON.stringify([{ nope: 1 }]));
    expect(readOutbox()).toEqual([]);
  });
});
