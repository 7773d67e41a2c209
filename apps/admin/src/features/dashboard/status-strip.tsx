import type { AdminStats } from '@sieve/contracts';
import { Icon, StatCard } from '@sieve/ui';
import { formatCount, formatDecimal, formatDuration, formatPercent } from './format';

/** spec 02 §2: the 5-tile status strip under the header. */
export function StatusStrip({ stats }: { stats: AdminStats | undefined }) {
  const ops = stats?.operationsData;
  const team = stats?.teamMetrics;
  return (
    <section className="adm-strip" aria-label="System status">
      <StatCard
        size="sm"
        icon={<Icon name="clock" size={14} />}
        label="Uptime"
        value={stats ? formatDuration(stats.systemHealth.uptime) : '—'}
      />
      <StatCard
        size="sm"
        icon={<Icon name="bolt" size={14} />}
        label="Throughput"
        value={ops ? `${formatDecimal(ops.throughput, 2)}/min` : '—'}
      />
      <StatCard
        size="sm"
        icon={<Icon name="gauge" size={14} />}
        label="Avg latency"
        value={ops ? `${formatCount(ops.avgLatency)} ms` : '—'}
      />
      <StatCard
        size="sm"
        icon={<Icon name="users" size={14} />}
        label="Active reviewers"
        value={team ? formatCount(team.activeWorkers) : '—'}
      />
      <StatCard
        size="sm"
        icon={<Icon name="activity" size={14} />}
        label="Efficiency"
        value={team ? formatPercent(team.efficiency) : '—'}
      />
    </section>
  );
}
