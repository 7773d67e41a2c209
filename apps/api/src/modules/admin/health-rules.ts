import {
  ALERT_RULES,
  type Alert,
  type AlertSettings,
  DEFAULT_ALERT_SETTINGS,
  HEALTH_RULES,
} from '@sieve/contracts';

export interface HealthInputs {
  totalRequests: number;
  failedRequests: number;
  /** Requests created in the last 24 hours, and how many of them failed. */
  recentRequests: number;
  recentFailed: number;
  /** Age of the oldest pending or processing request; null with none. */
  oldestWaitingMinutes: number | null;
  pending: number;
  /** Review tasks available or claimed. */
  openTasks: number;
  activeWorkers: number;
  totalWorkers: number;
  throughput: number;
  efficiency: number;
  /** Claims that ended (submitted, skipped, rejected, expired) in 7 days. */
  finishedClaims: number;
  services: { name: string; health: number }[];
}

/** spec 02 §9: critical, degraded or healthy. */
export function systemStatus(i: HealthInputs): 'healthy' | 'degraded' | 'critical' {
  const errorRatio = i.totalRequests > 0 ? i.failedRequests / i.totalRequests : 0;
  if (errorRatio > HEALTH_RULES.criticalErrorRatio && i.totalRequests > HEALTH_RULES.criticalMinRequests)
    return 'critical';
  const activeRatio = i.totalWorkers > 0 ? i.activeWorkers / i.totalWorkers : 1;
  if (
    errorRatio > HEALTH_RULES.degradedErrorRatio ||
    (activeRatio < HEALTH_RULES.degradedActiveWorkerRatio &&
      i.totalWorkers > HEALTH_RULES.degradedMinWorkers) ||
    i.pending > HEALTH_RULES.degradedPending
  ) {
    return 'degraded';
  }
  return 'healthy';
}

/**
 * Alerts past the admin's thresholds (issue 15: spec 02 §9's fixed "below 100/min" and "fewer
 * than 10 reviewers" fired for any small team). Each rule looks at work that is actually waiting
 * or failing, so a quiet, healthy system shows none.
 */
export function alertsFor(i: HealthInputs, t: AlertSettings = DEFAULT_ALERT_SETTINGS): Alert[] {
  const alerts: Alert[] = [];
  for (const service of i.services) {
    if (service.health < ALERT_RULES.serviceHealthCritical) {
      alerts.push({
        id: `service-${service.name}`,
        severity: 'critical',
        title: `${service.name} is down`,
        message: `${service.name} health is ${Math.round(service.health * 100)}%.`,
      });
    } else if (service.health < ALERT_RULES.serviceHealthWarn) {
      alerts.push({
        id: `service-${service.name}`,
        severity: 'warning',
        title: `${service.name} is degraded`,
        message: `${service.name} health is ${Math.round(service.health * 100)}%.`,
      });
    }
  }
  const errorRate = i.recentRequests > 0 ? i.recentFailed / i.recentRequests : 0;
  if (i.recentRequests >= t.error_rate_min_requests && errorRate > t.error_rate_warn) {
    alerts.push({
      id: 'error-rate',
      severity: 'warning',
      title: 'High error rate',
      message: `${(errorRate * 100).toFixed(1)}% of requests in the last 24 hours failed (${i.recentFailed} of ${i.recentRequests}; threshold ${Math.round(t.error_rate_warn * 100)}%).`,
    });
  }
  if (i.pending > t.pending_high) {
    alerts.push({
      id: 'queue-backlog',
      severity: 'critical',
      title: 'Queue backlog',
      message: `${i.pending} requests are waiting (more than ${t.pending_high}).`,
    });
  }
  if (i.oldestWaitingMinutes !== null && i.oldestWaitingMinutes > t.oldest_waiting_minutes) {
    alerts.push({
      id: 'slow-extraction',
      severity: 'warning',
      title: 'Requests waiting long',
      message: `The oldest pending or processing request has waited ${Math.round(i.oldestWaitingMinutes)} minutes (threshold ${t.oldest_waiting_minutes}).`,
    });
  }
  if (i.openTasks > 0 && i.activeWorkers === 0) {
    alerts.push({
      id: 'reviewer-capacity',
      severity: 'warning',
      title: 'No active reviewers',
      message: `${i.openTasks} review ${i.openTasks === 1 ? 'task is' : 'tasks are'} open and no reviewer was active in the last 24 hours.`,
    });
  } else if (i.activeWorkers > 0 && i.openTasks / i.activeWorkers > t.tasks_per_reviewer_high) {
    alerts.push({
      id: 'reviewer-capacity',
      severity: 'warning',
      title: 'Review backlog per reviewer',
      message: `${i.openTasks} open review tasks for ${i.activeWorkers} active ${i.activeWorkers === 1 ? 'reviewer' : 'reviewers'} (more than ${t.tasks_per_reviewer_high} each).`,
    });
  }
  if (i.finishedClaims >= t.efficiency_min_claims && i.efficiency < t.efficiency_info) {
    alerts.push({
      id: 'efficiency',
      severity: 'info',
      title: 'Review efficiency below target',
      message: `${i.efficiency.toFixed(1)}% of claimed reviews were submitted in 7 days (target ${t.efficiency_info}%).`,
    });
  }
  return alerts;
}
