import { REVIEWER, type WorkerTaskSummary } from '@sieve/contracts';
import { Button, Icon, Spinner } from '@sieve/ui';
import { TaskPreview } from '../queue/task-preview';
import { TaskQueue } from '../queue/task-queue';
import { useFullTask } from '../review/full-task';
import { TaskReview } from '../review/task-review';
import { EmptyPanel } from './empty-panel';
import { SplitPane } from './split-pane';
import { useNarrowScreen } from './use-narrow-screen';
import { useWorkspace } from './workspace-context';

export const EMPTY_QUEUE_TEXT = 'No tasks available. Check back later or refresh the queue.';

/** The active task in review: the list's summary opens as the full task, loaded on open. */
function OpenedTask({ task }: { task: WorkerTaskSummary }) {
  const { task: full, error, retry } = useFullTask(task);
  if (full) return <TaskReview key={full.task_id} task={full} />;
  return (
    <div className="sv-pane-center">
      {error ? (
        <EmptyPanel
          icon="alert"
          title="This task could not be opened."
          action={
            <Button size="sm" onClick={retry}>
              <Icon name="reload" />
              Try again
            </Button>
          }
        />
      ) : (
        <Spinner label="Opening the task" />
      )}
    </div>
  );
}

/** spec 01 §2: with no active task, up to 3 tasks are offered, each with Start Task. */
function OfferedTasks() {
  const { queue, start } = useWorkspace();
  const offered = queue.items
    .filter((item): item is WorkerTaskSummary => item !== undefined)
    .slice(0, REVIEWER.overviewOfferedTasks);
  if (queue.isLoading && offered.length === 0) {
    return (
      <div className="sv-pane-center">
        <Spinner label="Loading tasks" />
      </div>
    );
  }
  if (offered.length === 0) {
    return (
      <div className="sv-pane-center">
        <EmptyPanel
          icon="checklist"
          title={EMPTY_QUEUE_TEXT}
          action={
            <Button size="sm" onClick={() => void queue.refresh()}>
              <Icon name="reload" />
              Refresh queue
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <section className="sv-offered" aria-labelledby="offered-title">
      <header className="sv-offered__header">
        <h2 id="offered-title" className="sv-offered__title">
          Up next
        </h2>
        <p className="sv-muted">
          Start a task, or pick one in the queue. <kbd>Enter</kbd> starts the selected task, <kbd>n</kbd> the
          next one.
        </p>
      </header>
      <div className="sv-offered__list">
        {offered.map((task) => (
          <TaskPreview key={task.task_id} task={task} onStart={start} headingLevel={3} />
        ))}
      </div>
    </section>
  );
}

/** The right side of the overview: the active task, a preview of the selected one, or the offer. */
function MainPane() {
  const { activeTask, selectedTaskId, queue, start } = useWorkspace();
  if (activeTask && (selectedTaskId === null || selectedTaskId === activeTask.task_id)) {
    return <OpenedTask key={activeTask.task_id} task={activeTask} />;
  }
  const selected = selectedTaskId ? queue.findTask(selectedTaskId) : undefined;
  if (selected) {
    return (
      <div className="sv-pane-scroll">
        {activeTask ? (
          <div className="sv-resume">
            <span>You have a task in review.</span>
            <Button size="sm" variant="ghost" onClick={() => start(activeTask)}>
              Return to it
            </Button>
          </div>
        ) : null}
        <TaskPreview task={selected} onStart={start} />
      </div>
    );
  }
  if (activeTask) return <OpenedTask key={activeTask.task_id} task={activeTask} />;
  return <OfferedTasks />;
}

/** spec 01 §2 overview: the resizable Priority Queue (10–40 %, default 25) beside the main pane. */
export function OverviewView() {
  const { minPercent, maxPercent, defaultPercent } = REVIEWER.queuePanel;
  const { activeTask, selectedTaskId } = useWorkspace();
  const isNarrow = useNarrowScreen();
  // issue 40: on a phone one column: the task in review alone (Back to Queue returns), else the
  // queue with the selected task's preview or the offer under it.
  if (isNarrow) {
    const isReviewing = activeTask && (selectedTaskId === null || selectedTaskId === activeTask.task_id);
    return (
      <div className="sv-overview sv-overview--narrow">
        {isReviewing ? (
          <OpenedTask key={activeTask.task_id} task={activeTask} />
        ) : (
          <>
            <div className="sv-overview__queue sv-overview__queue--narrow">
              <TaskQueue />
            </div>
            <div className="sv-overview__main sv-overview__main--narrow">
              <MainPane />
            </div>
          </>
        )}
      </div>
    );
  }
  return (
    <SplitPane
      className="sv-overview"
      startClassName="sv-overview__queue"
      endClassName="sv-overview__main"
      defaultPercent={defaultPercent}
      minPercent={minPercent}
      maxPercent={maxPercent}
      label="Resize the queue"
      start={<TaskQueue />}
      end={<MainPane />}
    />
  );
}

/** spec 01 §2 focus view: the active task full size, or "No active task selected". */
export function FocusView() {
  const { activeTask, setViewMode } = useWorkspace();
  if (activeTask) return <OpenedTask key={activeTask.task_id} task={activeTask} />;
  return (
    <div className="sv-pane-center">
      <EmptyPanel
        title="No active task selected"
        description="Start a task from the queue to review it here."
        action={
          <Button size="sm" onClick={() => setViewMode('overview')}>
            Show the queue
          </Button>
        }
      />
    </div>
  );
}
