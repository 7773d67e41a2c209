import type { AdminStats } from '@sieve/contracts';
import { Badge, DataTable, type DataTableColumn, Icon } from '@sieve/ui';
import { formatCount, formatShare } from '../dashboard/format';
import { isStandoutScore } from '../tables/reviewer-rules';

export type TopPerformer = AdminStats['teamMetrics']['topPerformers'][number];

const COLUMNS: DataTableColumn<TopPerformer>[] = [
  { id: 'name', header: 'Name', isRowHeader: true, cell: (p) => p.name },
  { id: 'tasks', header: 'Tasks completed', align: 'end', cell: (p) => formatCount(p.tasksCompleted) },
  {
    id: 'quality',
    header: 'Quality score',
    align: 'end',
    cell: (p) =>
      isStandoutScore(p.score) ? (
        <span className="adm-flag adm-flag--success" title="Quality score above 90%">
          <Icon name="trophy" size={13} />
          {formatShare(p.score)}
          <span className="sv-visually-hidden"> (above 90%)</span>
        </span>
      ) : (
        formatShare(p.score)
      ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: () => (
      <Badge tone="success" hasDot>
        Active
      </Badge>
    ),
  },
];

/** spec 02 §2 'users' view: top performers with name, tasks completed, quality %, status Active. */
export function TopPerformersTable({
  performers,
  caption,
}: {
  performers: readonly TopPerformer[];
  caption: string;
}) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={performers}
      getRowId={(p) => p.id}
      rowClassName={(p) => (isStandoutScore(p.score) ? 'adm-row--standout' : undefined)}
      empty="No reviews submitted in the last 7 days."
      maxHeight={600}
    />
  );
}
