import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';

export interface SplitPaneProps {
  /** The first pane's width in percent of the whole: default, minimum and maximum. */
  defaultPercent: number;
  minPercent: number;
  maxPercent: number;
  /** Names the separator ("Resize the queue"). */
  label: string;
  start: ReactNode;
  end: ReactNode;
  className?: string;
  startClassName?: string;
  endClassName?: string;
}

const KEY_STEP = 2;
const KEY_STEP_LARGE = 10;

/**
 * Two panes side by side with a draggable separator (spec 01 §2: the queue 10–40 %, the source
 * panel 20–50 %). The separator is a focusable ARIA window splitter: arrows move it (Shift for
 * larger steps), Home and End go to the limits, Enter or a double click restores the default.
 */
export function SplitPane({
  defaultPercent,
  minPercent,
  maxPercent,
  label,
  start,
  end,
  className,
  startClassName,
  endClassName,
}: SplitPaneProps) {
  const [percent, setPercent] = useState(defaultPercent);
  const containerRef = useRef<HTMLDivElement>(null);
  const frame = useRef(0);
  const startId = useId();
  const clamp = useCallback(
    (value: number) => Math.min(maxPercent, Math.max(minPercent, value)),
    [minPercent, maxPercent],
  );

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const separator = event.currentTarget;
    separator.setPointerCapture(event.pointerId);
    separator.focus();
    document.body.classList.add('sv-is-resizing');
    const onMove = (move: globalThis.PointerEvent) => {
      const box = containerRef.current?.getBoundingClientRect();
      if (!box || box.width === 0) return;
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() =>
        setPercent(clamp(((move.clientX - box.left) / box.width) * 100)),
      );
    };
    const onUp = () => {
      separator.removeEventListener('pointermove', onMove);
      separator.removeEventListener('pointerup', onUp);
      separator.removeEventListener('pointercancel', onUp);
      document.body.classList.remove('sv-is-resizing');
    };
    separator.addEventListener('pointermove', onMove);
    separator.addEventListener('pointerup', onUp);
    separator.addEventListener('pointercancel', onUp);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    let next: number;
    switch (event.key) {
      case 'ArrowLeft':
        next = percent - step;
        break;
      case 'ArrowRight':
        next = percent + step;
        break;
      case 'Home':
        next = minPercent;
        break;
      case 'End':
        next = maxPercent;
        break;
      case 'Enter':
        next = defaultPercent;
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    setPercent(clamp(next));
  };

  return (
    <div ref={containerRef} className={className ? `sv-split ${className}` : 'sv-split'}>
      <div
        id={startId}
        className={startClassName ? `sv-split__pane ${startClassName}` : 'sv-split__pane'}
        style={{ flexBasis: `${percent}%` }}
      >
        {start}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable window splitter has no HTML element; <hr> cannot take focus or values */}
      <div
        role="separator"
        className="sv-split__handle"
        tabIndex={0}
        aria-label={label}
        aria-orientation="vertical"
        aria-controls={startId}
        aria-valuenow={Math.round(percent)}
        aria-valuemin={minPercent}
        aria-valuemax={maxPercent}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        onDoubleClick={() => setPercent(defaultPercent)}
      />
      <div
        className={
          endClassName
            ? `sv-split__pane sv-split__pane--end ${endClassName}`
            : 'sv-split__pane sv-split__pane--end'
        }
      >
        {end}
      </div>
    </div>
  );
}
