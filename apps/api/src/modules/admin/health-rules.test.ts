import { describe, expect, it } from 'vitest';
import { alertsFor, type HealthInputs, systemStatus } from './health-rules';

const calm: HealthInputs = {
  totalRequests: 100,
  failedRequests: 0,
  pending: 0,
  activeWorkers: 20,
  totalWorkers: 20,
  throughput: 150,
  efficiency: 95,
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

  it('warns above a 0.05 error rate', () => {
    expect(ids({ ...calm, failedRequests: 5 })).toEqual([]);
    expect(ids({ ...calm, failedRequests: 6 })).toEqual(['error-rate:warning']);
  });

  it('warns below 100 throughput and notes efficiency below 80', () => {
    expect(ids({ ...calm, throughput: 100 })).toEqual([]);
    expect(ids({ ...calm, throughput: 99.9 })).toEqual(['throughput:warning']);
    expect(ids({ ...calm, efficiency: 80 })).toEqual([]);
    expect(ids({ ...calm, efficiency: 79.9 })).toEqual(['efficiency:info']);
  });

  it('raises the bottleneck alerts past 100 pending and under 10 active reviewers', () => {
    expect(ids({ ...calm, pending: 100 })).toEqual([]);
    expect(ids({ ...calm, pending: 101 })).toEqual(['queue-backlog:critical']);
    expect(ids({ ...calm, activeWorkers: 10 })).toEqual([]);
    expect(ids({ ...calm, activeWorkers: 9 })).toEqual(['reviewer-capacity:warning']);
  });
});
