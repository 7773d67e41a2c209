import type { WorkerTask } from '@sieve/contracts';
import { FORMATTING_GUIDELINES } from '../workspace/formatting-guidelines';

function requestInstructions(task: WorkerTask): string | null {
  const metadata = task.original_request.metadata;
  for (const key of ['instructions', 'custom_prompt', 'prompt']) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

function requestedDataPoints(task: WorkerTask): string[] {
  const points = task.original_request.metadata.data_points;
  return Array.isArray(points) ? points.filter((point): point is string => typeof point === 'string') : [];
}

/** The review instructions (spec 01 §2), with the request's own instructions when it has some. */
export function ReviewInstructions({ task }: { task: WorkerTask }) {
  const own = requestInstructions(task);
  const points = requestedDataPoints(task);
  return (
    <section className="sv-instructions" aria-labelledby="instructions-title">
      <h3 id="instructions-title" className="sv-section-title">
        Instructions
      </h3>
      <ol className="sv-instructions__steps">
        <li>Check every value against the source document. Select a row to find its source text.</li>
        <li>
          Click a cell or press <kbd>Enter</kbd> to edit it: <kbd>Enter</kbd> saves, <kbd>Esc</kbd> cancels.
          Leave a value blank when the document does not state it.
        </li>
        <li>
          When everything is right, press <strong>Accept AI Result</strong> (or{' '}
          <strong>Submit Edited Response</strong> after edits). Reject the task if it cannot be reviewed.
        </li>
      </ol>
      {points.length > 0 ? (
        <p className="sv-instructions__points">
          <span className="sv-muted">Requested data points:</span> {points.join(', ')}
        </p>
      ) : null}
      {own ? (
        <div className="sv-instructions__own">
          <span className="sv-muted">From the requester:</span> {own}
        </div>
      ) : null}
      <details className="sv-instructions__guidelines">
        <summary>Formatting guidelines</summary>
        <ul>
          {FORMATTING_GUIDELINES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
