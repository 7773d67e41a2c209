import { useEffect, useState } from 'react';

const localFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export function utcTime(date: Date): string {
  return date.toISOString().slice(11, 19);
}

/** spec 01 §2: a UTC clock and a local clock, refreshing every second. Only this re-renders. */
export function Clocks() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // Tick on the second boundary, so both clocks turn over together with the system clock.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(new Date());
      timer = setTimeout(tick, 1_000 - (Date.now() % 1_000));
    };
    timer = setTimeout(tick, 1_000 - (Date.now() % 1_000));
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="sv-clocks">
      <span className="sv-clock">
        <span className="sv-clock__label">UTC</span>
        <time dateTime={now.toISOString()} className="sv-clock__time">
          {utcTime(now)}
        </time>
      </span>
      <span className="sv-clock">
        <span className="sv-clock__label">Local</span>
        <time dateTime={now.toISOString()} className="sv-clock__time">
          {localFormat.format(now)}
        </time>
      </span>
    </div>
  );
}
