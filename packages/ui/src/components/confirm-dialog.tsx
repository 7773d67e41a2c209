import { type ReactNode, useRef } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for destructive actions (delete, deactivate). */
  tone?: 'primary' | 'danger';
  /** While the action runs: the buttons are disabled and the confirm button says so. */
  isBusy?: boolean;
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action: an alert dialog whose initial focus is Cancel, so Enter never confirms
 * a destructive action by accident.
 */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  isBusy = false,
  busyLabel = 'Working...',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      isOpen={isOpen}
      role="alertdialog"
      title={title}
      description={description}
      initialFocusRef={cancelRef}
      {...(isBusy ? {} : { onDismiss: onCancel })}
      actions={
        <>
          <Button ref={cancelRef} variant="secondary" disabled={isBusy} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={tone} disabled={isBusy} onClick={onConfirm}>
            {isBusy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
