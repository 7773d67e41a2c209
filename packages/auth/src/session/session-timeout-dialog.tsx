import { SESSION } from '@sieve/contracts';
import { Button, Dialog, Icon } from '@sieve/ui';
import { useEffect, useRef, useState } from 'react';
import { formatCountdown } from './session-timer';

export interface SessionTimeoutDialogProps {
  /** When the session ends (epoch ms); null hides the dialog. */
  deadline: number | null;
  onContinue: () => void;
  onLogout: () => void;
}

function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // spec 01 §9: the countdown ticks each second.
    const interval = setInterval(() => setNow(Date.now()), SESSION.countdownTickMs);
    return () => clearInterval(interval);
  }, []);
  return (
    <span className="sv-countdown__time" role="timer" aria-live="off">
      {formatCountdown(deadline - now)}
    </span>
  );
}

/**
 * spec 01 §2: "Session Timeout Warning" with a live mm:ss countdown, closed only by its two buttons
 * (Escape and clicks outside do nothing).
 */
export function SessionTimeoutDialog({ deadline, onContinue, onLogout }: SessionTimeoutDialogProps) {
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      isOpen={deadline !== null}
      role="alertdialog"
      title="Session Timeout Warning"
      description="Your session is about to expire due to inactivity. Continue your session to stay signed in."
      initialFocusRef={continueRef}
      actions={
        <>
          <Button variant="secondary" onClick={onLogout}>
            Log Out
          </Button>
          <Button ref={continueRef} variant="primary" onClick={onContinue}>
            Continue Session
          </Button>
        </>
      }
    >
      {deadline !== null ? (
        <p className="sv-countdown">
          <Icon name="clock" size={20} />
          <span className="sv-visually-hidden">Time left: </span>
          <Countdown deadline={deadline} />
        </p>
      ) : null}
    </Dialog>
  );
}
