import type { RequestStatus } from '@sieve/contracts';
import { Badge } from '@sieve/ui';
import { STATUS_LABELS, STATUS_TONES } from './request-format';

export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} hasDot>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
