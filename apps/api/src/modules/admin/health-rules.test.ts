import { DEFAULT_ALERT_SETTINGS } from '@sieve/contracts';
import { describe, expect, it } from 'vitest';
import { alertsFor, type HealthInputs, systemStatus } from './health-rules';

const calm: HealthInputs = {
  totalRequests: 100,
  failedRequests: 0,
  recentRequests: 100,
  recentFailed: 0,
  oldestWaitingMinutes: null,
  pending: 0,
  openTasks: 0,
  activeWorkers: 20,
  totalWorkers: 20,
  throughput: 150,
  efficiency: 95,
  finishedClaims: 100,
  services: [
    { name: 'Database', health: 1 },
    { name: 'Job queue', health: 1 },
  ],
};
const ids = (i: HealthInputs) => alertsFor(i).map((a) => `${a.id}:${a.severity}`);

describe('system health (spec 02 §9)', () => {
  it('is healthy when every figure sits inside its threshold', () => {
    expect(systemStatus(calm)).toBe('healthy');
    expect(alertsFor(calm)).toEqual([]);
  });

  it('is critical past a 10% error ratio with more than 10 requests, not at it', () => {
    expect(systemStatus({ ...calm, totalRequests: 100, failedRequests: 11 })).toBe('critical');
    expect(systemStatus({ ...calm, totalRequests: 100, failedRequests: 10 })).toBe('degraded');
    expect(systemStatus({ ...calm, totalRequests: 10, failedRequests: 5 })).toBe('degraded');
  });

  it('is degraded past a 5% error ratio, not at it', () => {
    expect(systemStatus({ ...calm, failedRequests: 6 })).toBe('degraded');
    expect(systemStatus({ ...calm, failedRequests: 5 })).toBe('healthy');
  });

  it('is degraded under 30% active reviewers when there are more than 5', () => {
    expect(systemStatus({ ...calm, totalWorkers: 10, activeWorkers: 2 })).toBe('degraded');
    expect(systemStatus({ ...calm, totalWorkers: 10, activeWorkers: 3 })).toBe('healthy');
    expect(systemStatus({ ...calm, totalWorkers: 5, activeWorkers: 0 })).toBe('healthy');
  });

  it('is degraded past 200 pending', () => {
    expect(systemStatus({ ...calm, pending: 201 })).toBe('degraded');
    expect(systemStatus({ ...calm, pending: 200 })).toBe('healthy');
  });
});

describe('alerts (spec 02 §9)', () => {
  it('warns below 0.9 service health and is critical below 0.8', () => {
    const at = (health: number) => ids({ ...calm, services: [{ name: 'Database', health }] });
    expect(at(0.9)).toEqual([]);
    expect(at(0.89)).toEqual(['service-Database:warning']);
    expect(at(0.8)).toEqual(['service-Database:warning']);
    expect(at(0.79)).toEqual(['service-Database:critical']);
  });

  it('stays quiet for a small, quiet, healthy team (two reviewers, little traffic)', () => {
    const small: HealthInputs = {
      ...calm,
      totalRequests: 6,
      recentRequests: 6,
      activeWorkers: 2,
      totalWorkers: 2,
      throughput: 0.1,
      efficiency: 50,
      finishedClaims: 4,
    };
    expect(alertsFor(small)).toEqual([]);
  });

  it('warns above the error-rate threshold in the last 24 h, once there are enough requests', () => {
    expect(ids({ ...calm, recentFailed: 10 })).toEqual([]);
    expect(ids({ ...calm, recentFailed: 11 })).toEqual(['error-rate:warning']);
    expect(ids({ ...calm, recentRequests: 19, recentFailed: 19 })).toEqual([]);
  });

  it('notes efficiency below the target only over enough finished claims', () => {
    expect(ids({ ...calm, efficiency: 80 })).toEqual([]);
    expect(ids({ ...calm, efficiency: 79.9 })).toEqual(['efficiency:info']);
    expect(ids({ ...calm, efficiency: 10, finishedClaims: 19 })).toEqual([]);
  });

  it('flags a backlog, a long wait, and open review work no active reviewer can take', () => {
    expect(ids({ ...calm, pending: 100 })).toEqual([]);
    expect(ids({ ...calm, pending: 101 })).toEqual(['queue-backlog:critical']);
    expect(ids({ ...calm, oldestWaitingMinutes: 30 })).toEqual([]);
    expect(ids({ ...calm, oldestWaitingMinutes: 31 })).toEqual(['slow-extraction:warning']);
    expect(ids({ ...calm, activeWorkers: 0, openTasks: 0 })).toEqual([]);
    expect(ids({ ...calm, activeWorkers: 0, openTasks: 3 })).toEqual(['reviewer-capacity:warning']);
    expect(ids({ ...calm, activeWorkers: 2, openTasks: 50 })).toEqual([]);
    expect(ids({ ...calm, activeWorkers: 2, openTasks: 51 })).toEqual(['reviewer-capacity:warning']);
  });

  it("follows the admin's thresholds", () => {
    const strict = { ...DEFAULT_ALERT_SETTINGS, pending_high: 5, oldest_waiting_minutes: 5 };
    expect(alertsFor({ ...calm, pending: 6, oldestWaitingMinutes: 6 }, strict).map((a) => a.id)).toEqual([
      'queue-backlog',
      'slow-extraction',
    ]);
  });
});
