import type { RejectionReason } from '@sieve/contracts';
import { Button, Dialog } from '@sieve/ui';
import { useEffect, useId, useRef, useState } from 'react';

export const REJECTION_REASON_LABEL: Record<RejectionReason, { label: string; hint: string }> = {
  instructed_to_reject: { label: 'Instructed to reject', hint: 'The task instructions say to reject it.' },
  not_qualified: { label: 'Not qualified', hint: 'Someone else should review it; it leaves your queue.' },
  poor_quality: { label: 'Poor quality', hint: 'The document is unreadable or incomplete.' },
  technical_issue: { label: 'Technical issue', hint: 'The document or data does not load properly.' },
};

export interface RejectDialogProps {
  isOpen: boolean;
  title: string;
  /** What is being rejected, e.g. the task name or "3 selected tasks". */
  subject: string;
  reasons: readonly RejectionReason[];
  confirmLabel: string;
  isBusy?: boolean;
  onConfirm: (reason: RejectionReason) => void;
  onCancel: () => void;
}

/** Choose a rejection reason; it defaults to instructed_to_reject (spec 01 §5). */
export function RejectDialog({
  isOpen,
  title,
  subject,
  reasons,
  confirmLabel,
  isBusy = false,
  onConfirm,
  onCancel,
}: RejectDialogProps) {
  const [reason, setReason] = useState<RejectionReason>('instructed_to_reject');
  const name = useId();
  // Keyboard-first: the dialog opens on the chosen reason; arrows change it, Tab reaches Reject.
  const checkedRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (isOpen) setReason('instructed_to_reject');
  }, [isOpen]);

  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      description={subject}
      onDismiss={isBusy ? undefined : onCancel}
      initialFocusRef={checkedRef}
      actions={
        <>
          <Button onClick={onCancel} disabled={isBusy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => onConfirm(reason)} disabled={isBusy}>
            {isBusy ? 'Rejecting...' : confirmLabel}
          </Button>
        </>
      }
    >
      <fieldset className="sv-reasons">
        <legend className="sv-field__label">Reason</legend>
        {reasons.map((value) => (
          <label key={value} className="sv-reasons__option">
            <input
              ref={reason === value ? checkedRef : undefined}
              type="radio"
              name={name}
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            <span>
              <span className="sv-reasons__label">{REJECTION_REASON_LABEL[value].label}</span>
              <span className="sv-reasons__hint">{REJECTION_REASON_LABEL[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
