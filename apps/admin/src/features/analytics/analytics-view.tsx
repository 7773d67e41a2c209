import { BarChart, BarList, Card, Icon, LineChart, Spinner, StatCard } from '@sieve/ui';
import { useDashboard } from '../dashboard/dashboard-context';
import {
  formatCount,
  formatDay,
  formatDecimal,
  formatHour,
  formatHours,
  formatShare,
} from '../dashboard/format';
import { documentTypeLabel } from '../tables/document-type';
import { summarise } from './analytics-summary';

/** spec 02 §2 Analytics, made real (DESIGN §9): every figure and chart from GET /admin/stats. */
export default function AnalyticsView() {
  const { stats, isStatsLoading } = useDashboard();
  if (!stats) return isStatsLoading ? <Spinner label="Loading analytics" /> : null;

  const { analytics } = stats;
  const summary = summarise(analytics);
  const days = analytics.requestsPerDay.map((d) => formatDay(d.date));
  const dayLabels = analytics.requestsPerDay.map((d) => formatDay(d.date, 'long'));
  const turnaroundDays = analytics.turnaroundHours.map((d) => formatDay(d.date));
  const accuracyDays = analytics.reviewerAccuracy.map((d) => formatDay(d.date));
  const hours = analytics.throughputPerHour.map((h) => formatHour(h.hour));

  return (
    <section className="adm-view" aria-labelledby="analytics-title">
      <header className="adm-view__header">
        <div>
          <h2 id="analytics-title" className="adm-view__title">
            Analytics
          </h2>
          <p className="adm-view__description">
            The last 14 days of requests and reviews, and the last 24 hours of review work.
          </p>
        </div>
      </header>

      <div className="adm-stat-grid">
        <StatCard
          label="Requests, 14 days"
          icon={<Icon name="list" />}
          value={formatCount(summary.submitted)}
          detail={`${formatCount(summary.completed)} completed`}
        />
        <StatCard
          label="Avg turnaround"
          icon={<Icon name="clock" />}
          value={formatHours(summary.averageTurnaroundHours)}
          detail="Submit to completed, human-reviewed requests"
        />
        <StatCard
          label="Reviews, 24 hours"
          icon={<Icon name="bolt" />}
          value={formatCount(summary.reviewsLast24h)}
          detail={
            summary.busiestHour
              ? `Busiest hour ${formatHour(summary.busiestHour.hour)} (${summary.busiestHour.reviews})`
              : 'No reviews in the last 24 hours'
          }
        />
        <StatCard
          label="Reviewer accuracy"
          icon={<Icon name="user-check" />}
          value={formatShare(summary.averageAccuracy)}
          detail="Items matching consensus, 14 days"
        />
      </div>

      <div className="adm-charts">
        <Card className="adm-card">
          <BarChart
            title="Requests per day"
            description="Submitted and completed, last 14 days"
            categories={days}
            categoryLabels={dayLabels}
            series={[
              { name: 'Submitted', tone: 'blue', values: analytics.requestsPerDay.map((d) => d.submitted) },
              { name: 'Completed', tone: 'green', values: analytics.requestsPerDay.map((d) => d.completed) },
            ]}
            summary={`Requests per day over 14 days: ${summary.submitted} submitted and ${summary.completed} completed in all.`}
            emptyMessage="No requests in the last 14 days."
          />
        </Card>
        <Card className="adm-card">
          <LineChart
            title="Turnaround"
            description="Average hours from submission to completion, per day"
            categories={turnaroundDays}
            categoryLabels={analytics.turnaroundHours.map((d) => formatDay(d.date, 'long'))}
            series={[{ name: 'Hours', tone: 'amber', values: analytics.turnaroundHours.map((d) => d.hours) }]}
            formatValue={(value) => formatDecimal(value, 1)}
            summary={`Average turnaround per day over 14 days; overall ${formatHours(summary.averageTurnaroundHours)}.`}
            emptyMessage="No requests completed in the last 14 days."
          />
        </Card>
        <Card className="adm-card">
          <BarChart
            title="Review throughput"
            description="Reviews submitted per hour, last 24 hours"
            categories={hours}
            categoryHeader="Hour"
            series={[
              { name: 'Reviews', tone: 'blue', values: analytics.throughputPerHour.map((h) => h.reviews) },
            ]}
            summary={`Reviews per hour over the last 24 hours: ${summary.reviewsLast24h} in all.`}
            emptyMessage="No reviews submitted in the last 24 hours."
          />
        </Card>
        <Card className="adm-card">
          <LineChart
            title="Reviewer accuracy"
            description="Share of reviewed items that matched consensus, per day"
            categories={accuracyDays}
            categoryLabels={analytics.reviewerAccuracy.map((d) => formatDay(d.date, 'long'))}
            series={[
              {
                name: 'Accuracy',
                tone: 'green',
                values: analytics.reviewerAccuracy.map((d) =>
                  d.accuracy === null ? null : d.accuracy * 100,
                ),
              },
            ]}
            yMax={100}
            formatValue={(value) => `${formatDecimal(value, 1)}%`}
            summary={`Reviewer accuracy per day over 14 days; overall ${formatShare(summary.averageAccuracy)}.`}
            emptyMessage="No reviews with a consensus in the last 14 days."
          />
        </Card>
      </div>

      <Card className="adm-card">
        <BarList
          title="Top document types"
          description="Requests by document type, all time"
          labelHeader="Document type"
          valueHeader="Requests"
          items={analytics.documentTypes.map((t) => ({ label: documentTypeLabel(t.type), value: t.count }))}
          emptyMessage="No requests yet."
        />
      </Card>
    </section>
  );
}
