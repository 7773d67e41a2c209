import { Button, Icon } from '@sieve/ui';
import { useQueueControl } from './use-queue-control';

/** The Pause Queue / Resume Queue pair; the one that matches the current state is disabled. */
export function QueueControls() {
  const queue = useQueueControl();
  return (
    <>
      <Button
        size="sm"
        onClick={() => void queue.pause()}
        disabled={!queue.isKnown || queue.isPaused || queue.busy !== null}
      >
        <Icon name="pause" />
        {queue.busy === 'pause' ? 'Pausing...' : 'Pause Queue'}
      </Button>
      <Button
        size="sm"
        variant={queue.isPaused ? 'primary' : 'secondary'}
        onClick={() => void queue.resume()}
        disabled={!queue.isKnown || !queue.isPaused || queue.busy !== null}
      >
        <Icon name="play" />
        {queue.busy === 'resume' ? 'Resuming...' : 'Resume Queue'}
      </Button>
    </>
  );
}
