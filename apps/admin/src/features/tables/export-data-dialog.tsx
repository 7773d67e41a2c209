import { Button, Dialog, Icon } from '@sieve/ui';
import type { ExportKind } from './api';
import { EXPORT_LABELS } from './export-csv';

const KINDS: readonly { kind: ExportKind; description: string }[] = [
  { kind: 'requests', description: 'Every request with its requester, status, priority and progress.' },
  { kind: 'workers', description: 'Reviewers with tasks completed, accuracy, time per task and earnings.' },
  {
    kind: 'requesters',
    description: 'Requesters with their volume, active and completed requests and spend.',
  },
];

/** Overview's Export Data: the three CSV exports of spec 02 §3 in one place. */
export function ExportDataDialog({
  isOpen,
  onClose,
  onExport,
}: {
  isOpen: boolean;
  onClose: () => void;
  /** Runs the export after the dialog closes, so its message shows on the page. */
  onExport: (kind: ExportKind) => void;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      title="Export data"
      description="Download a CSV file. Exports include every row, whatever the tables show."
      onDismiss={onClose}
      size="md"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <ul className="adm-export-list">
        {KINDS.map(({ kind, description }) => (
          <li key={kind}>
            <div>
              <p className="adm-export-list__name">{EXPORT_LABELS[kind]}</p>
              <p className="sv-muted">{description}</p>
            </div>
            <Button
              size="sm"
              onClick={() => {
                onClose();
                onExport(kind);
              }}
            >
              <Icon name="download" />
              {`${EXPORT_LABELS[kind]} CSV`}
            </Button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
