import { type ReactNode, useEffect, useId, useRef } from 'react';
import { classNames } from './class-names';
import { Icon } from './icon';
import './shared-pieces.css';

export interface SidebarProps {
  isOpen: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  side?: 'left' | 'right';
  className?: string;
}

/**
 * A side panel that slides in over the page edge (0.4 s, spec 01 §9) without blocking the page:
 * a labelled complementary region, closed by its button or Escape from inside it. Focus moves in
 * when it opens and back to where it was when it closes.
 */
export function Sidebar({ isOpen, title, onClose, children, side = 'right', className }: SidebarProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!isOpen) return;
    const panel = panelRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel?.focus();
    return () => {
      // Only when focus was inside (now lost with the panel): never steal it from elsewhere.
      const active = document.activeElement;
      const wasInside = active === null || active === document.body || Boolean(panel?.contains(active));
      if (previous?.isConnected && wasInside) previous.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return (
    <aside
      ref={panelRef}
      className={classNames('sv-sidebar', `sv-sidebar--${side}`, className)}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCloseRef.current();
        }
      }}
    >
      <header className="sv-sidebar__header">
        <h2 id={titleId} className="sv-sidebar__title">
          {title}
        </h2>
        <button
          type="button"
          className="sv-icon-button sv-icon-button--inline"
          aria-label="Close"
          onClick={() => onCloseRef.current()}
        >
          <Icon name="x" />
        </button>
      </header>
      <div className="sv-sidebar__body">{children}</div>
    </aside>
  );
}
