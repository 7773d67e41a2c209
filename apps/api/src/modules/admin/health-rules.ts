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

/**
 * The system's state and its alerts from one set of figures, so they never disagree (issue 40:
 * "Critical" beside "No active alerts"): each reason of `systemStatus` is an alert of its own
 * severity unless an alert already names it, and the state is the worst alert's — critical with
 * a critical alert, degraded with a warning, else healthy.
 */
export function healthReport(
  i: HealthInputs,
  t: AlertSettings = DEFAULT_ALERT_SETTINGS,
): { status: 'healthy' | 'degraded' | 'critical'; alerts: Alert[] } {
  const alerts = alertsFor(i, t);
  const has = (id: string) => alerts.some((alert) => alert.id === id);
  const errorRatio = i.totalRequests > 0 ? i.failedRequests / i.totalRequests : 0;
  const failedShare = `${i.failedRequests} of ${i.totalRequests} requests failed (${(errorRatio * 100).toFixed(1)}%)`;
  if (errorRatio > HEALTH_RULES.criticalErrorRatio && i.totalRequests > HEALTH_RULES.criticalMinRequests) {
    alerts.unshift({
      id: 'failed-share',
      severity: 'critical',
      title: 'Many requests failed',
      message: `${failedShare}; more than ${HEALTH_RULES.criticalErrorRatio * 100}% is critical.`,
    });
  } else if (errorRatio > HEALTH_RULES.degradedErrorRatio) {
    alerts.push({
      id: 'failed-share',
      severity: 'warning',
      title: 'Requests failing',
      message: `${failedShare}; more than ${HEALTH_RULES.degradedErrorRatio * 100}% degrades the system.`,
    });
  }
  const activeRatio = i.totalWorkers > 0 ? i.activeWorkers / i.totalWorkers : 1;
  if (
    activeRatio < HEALTH_RULES.degradedActiveWorkerRatio &&
    i.totalWorkers > HEALTH_RULES.degradedMinWorkers &&
    !has('reviewer-capacity')
  ) {
    alerts.push({
      id: 'reviewer-activity',
      severity: 'warning',
      title: 'Few reviewers active',
      message: `${i.activeWorkers} of ${i.totalWorkers} approved reviewers were active in the last 24 hours.`,
    });
  }
  if (i.pending > HEALTH_RULES.degradedPending && !has('queue-backlog')) {
    alerts.push({
      id: 'queue-backlog',
      severity: 'warning',
      title: 'Queue backlog',
      message: `${i.pending} requests are waiting (more than ${HEALTH_RULES.degradedPending}).`,
    });
  }
  const status = alerts.some((a) => a.severity === 'critical')
    ? 'critical'
    : alerts.some((a) => a.severity === 'warning')
      ? 'degraded'
      : 'healthy';
  return { status, alerts };
}
