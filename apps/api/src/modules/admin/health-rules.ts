import { ALERT_RULES, type Alert, BOTTLENECK, HEALTH_RULES } from '@sieve/contracts';

export interface HealthInputs {
  totalRequests: number;
  failedRequests: number;
  pending: number;
  activeWorkers: number;
  totalWorkers: number;
  throughput: number;
  efficiency: number;
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

/** spec 02 §9 alert rules and bottleneck rules, each firing past its threshold. */
export function alertsFor(i: HealthInputs): Alert[] {
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
  const errorRate = i.totalRequests > 0 ? i.failedRequests / i.totalRequests : 0;
  if (errorRate > ALERT_RULES.errorRateWarn) {
    alerts.push({
      id: 'error-rate',
      severity: 'warning',
      title: 'High error rate',
      message: `${(errorRate * 100).toFixed(1)}% of requests failed (${i.failedRequests} of ${i.totalRequests}).`,
    });
  }
  if (i.pending > BOTTLENECK.pendingHigh) {
    alerts.push({
      id: 'queue-backlog',
      severity: 'critical',
      title: 'Queue backlog',
      message: `${i.pending} requests are waiting (more than ${BOTTLENECK.pendingHigh}).`,
    });
  }
  if (i.activeWorkers < BOTTLENECK.activeWorkersMedium) {
    alerts.push({
      id: 'reviewer-capacity',
      severity: 'warning',
      title: 'Few active reviewers',
      message: `${i.activeWorkers} reviewers active in the last 24 hours (fewer than ${BOTTLENECK.activeWorkersMedium}).`,
    });
  }
  if (i.throughput < ALERT_RULES.throughputWarn) {
    alerts.push({
      id: 'throughput',
      severity: 'warning',
      title: 'Low throughput',
      message: `${i.throughput.toFixed(1)} items per minute (below ${ALERT_RULES.throughputWarn}).`,
    });
  }
  if (i.efficiency < ALERT_RULES.efficiencyInfo) {
    alerts.push({
      id: 'efficiency',
      severity: 'info',
      title: 'Review efficiency below target',
      message: `${i.efficiency.toFixed(1)}% of claimed reviews were submitted (target ${ALERT_RULES.efficiencyInfo}%).`,
    });
  }
  return alerts;
}
