import { useEffect, useRef, useState } from 'react';
import { openSessionChannel, sessionFingerprint } from './session-channel';
import { readSessionTimeoutSettings, type SessionTimeoutSettings } from './session-timeout-settings';
import { type SessionEndReason, SessionTimer } from './session-timer';

/** spec 01 §4: any mouse press, key press, scroll, touch or click restarts the inactivity timers. */
export const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;

// Other tabs hear about activity at most this often (sooner if the warning comes sooner), so
// they always hear of it before their own warning is due.
const ACTIVITY_BROADCAST_MS = 5_000;

function broadcastInterval({ inactivityTimeoutMs, warningPeriodMs }: SessionTimeoutSettings): number {
  const quietTime = Math.max(0, inactivityTimeoutMs - warningPeriodMs);
  return Math.min(ACTIVITY_BROADCAST_MS, Math.max(100, quietTime / 4));
}

export interface UseSessionTimeoutOptions {
  /** The session's token; no token, no timers. */
  token: string | null;
  /** When the session began (epoch ms), for the maximum session duration. */
  sessionStartedAt: number | null;
  onEnd: (reason: SessionEndReason) => void;
}

export interface SessionTimeoutState {
  /** While the warning shows: when the session ends (epoch ms). Otherwise null. */
  warningDeadline: number | null;
  /** "Continue Session": restarts the timers and closes the warning. */
  continueSession: () => void;
}

/**
 * Runs the session timers of spec 01 §4/§9 while a session exists. While the warning shows, activity
 * does not dismiss it: only its two buttons answer it.
 */
export function useSessionTimeout({
  token,
  sessionStartedAt,
  onEnd,
}: UseSessionTimeoutOptions): SessionTimeoutState {
  const [warningDeadline, setWarningDeadline] = useState<number | null>(null);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const continueRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (!token) return;
    const session = sessionFingerprint(token);
    let isWarning = false;
    let lastBroadcast = 0;

    const settings = readSessionTimeoutSettings();
    const interval = broadcastInterval(settings);
    const timer = new SessionTimer(settings, sessionStartedAt ?? Date.now(), {
      onWarning: (deadline) => {
        isWarning = true;
        setWarningDeadline(deadline);
      },
      onEnd: (reason) => {
        isWarning = false;
        setWarningDeadline(null);
        onEndRef.current(reason);
      },
    });

    const restart = () => {
      isWarning = false;
      setWarningDeadline(null);
      timer.start();
    };

    const channel = openSessionChannel((message) => {
      if (message.type === 'activity' && message.session === session) restart();
    });

    const broadcastActivity = () => {
      const now = Date.now();
      if (now - lastBroadcast < interval) return;
      lastBroadcast = now;
      channel.post({ type: 'activity', session });
    };

    const onActivity = () => {
      if (isWarning) return;
      timer.start();
      broadcastActivity();
    };

    continueRef.current = () => {
      restart();
      lastBroadcast = 0;
      broadcastActivity();
    };

    timer.start();
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    return () => {
      timer.stop();
      channel.close();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      continueRef.current = () => {};
      setWarningDeadline(null);
    };
  }, [token, sessionStartedAt]);

  return { warningDeadline, continueSession: () => continueRef.current() };
}
