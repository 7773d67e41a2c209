import { ApiError } from '@sieve/auth';
import { Button, Icon } from '@sieve/ui';
import { useState } from 'react';
import { PerformancePanel } from '../performance/performance-panel';
import { EmptyPanel } from './empty-panel';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useWorkspaceShortcuts } from './use-workspace-shortcuts';
import { WorkspaceBar } from './workspace-bar';
import { useWorkspace } from './workspace-context';
import { WorkspaceProvider } from './workspace-provider';
import { FocusView, OverviewView } from './workspace-views';
import './workspace.css';

export const PENDING_APPROVAL_TEXT =
  'Your reviewer account is pending approval. Please wait for admin approval.';

function isPendingApproval(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'WORKER_NOT_APPROVED';
}

function PendingApproval() {
  const { queue } = useWorkspace();
  return (
    <div className="sv-pane-center">
      <EmptyPanel
        icon="timer"
        title={PENDING_APPROVAL_TEXT}
        description="An admin approves new reviewers. Your queue appears here as soon as you are approved."
        action={
          <Button size="sm" onClick={() => void queue.refresh()}>
            <Icon name="reload" />
            Check again
          </Button>
        }
      />
    </div>
  );
}

function WorkspaceScreen() {
  const workspace = useWorkspace();
  const [areShortcutsOpen, setShortcutsOpen] = useState(false);
  useWorkspaceShortcuts(workspace, () => setShortcutsOpen(true));
  const { viewMode, queue, isPerformanceOpen, setPerformanceOpen } = workspace;
  let body = viewMode === 'focus' ? <FocusView /> : <OverviewView />;
  if (isPendingApproval(queue.error)) body = <PendingApproval />;
  return (
    <div className="sv-workspace">
      <WorkspaceBar onShowShortcuts={() => setShortcutsOpen(true)} />
      <div className="sv-workspace__body">{body}</div>
      <PerformancePanel isOpen={isPerformanceOpen} onClose={() => setPerformanceOpen(false)} />
      <ShortcutsDialog isOpen={areShortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  );
}

/** The Reviewer workspace at /worker/dashboard (spec 01 §2). */
export default function WorkspacePage() {
  return (
    <WorkspaceProvider>
      <WorkspaceScreen />
    </WorkspaceProvider>
  );
}
