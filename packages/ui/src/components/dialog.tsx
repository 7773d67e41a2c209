import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from './class-names';
import { Icon } from './icon';

export interface DialogProps {
  isOpen: boolean;
  title: ReactNode;
  /** Read out with the title when the dialog opens. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom, right-aligned. */
  actions?: ReactNode;
  /** `alertdialog` for a warning that needs an answer (the session timeout). */
  role?: 'dialog' | 'alertdialog';
  /**
   * Called for Escape, a click on the backdrop and the close button. Without it the dialog can only
   * be closed by its own actions: Escape and the backdrop do nothing, and there is no close button.
   */
  onDismiss?: () => void;
  /** What gets focus on opening; else the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md';
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]'),
  );
}

/**
 * Makes everything outside `keep` inert (not focusable, not clickable, hidden from assistive
 * technology) and returns the undo. Only elements this call changed are restored, so dialogs nest.
 */
function makeOutsideInert(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element === keep || !(element instanceof HTMLElement) || element.inert) continue;
    element.inert = true;
    changed.push(element);
  }
  return () => {
    for (const element of changed) element.inert = false;
  };
}

/** A modal dialog: focus moves in and stays in, the page behind is inert, focus returns on close. */
export function Dialog(props: DialogProps) {
  if (!props.isOpen || typeof document === 'undefined') return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  title,
  description,
  children,
  actions,
  role = 'dialog',
  onDismiss,
  initialFocusRef,
  size = 'sm',
  className,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const onDismissRef = useRef(onDismiss);
  onDismissRef.current = onDismiss;
  const isDismissible = onDismiss !== undefined;

  useLayoutEffect(() => {
    const layer = layerRef.current;
    const panel = panelRef.current;
    if (!layer || !panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const undoInert = makeOutsideInert(layer);
    const target = initialFocusRef?.current ?? focusableIn(panel)[0] ?? panel;
    target.focus();
    return () => {
      undoInert();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [initialFocusRef]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelRef.current;
      if (!panel || !layerRef.current) return;
      // A dialog opened later (on top) handles the keys.
      if (layerRef.current.inert) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onDismissRef.current?.();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(panel);
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      const isInside = active instanceof Node && panel.contains(active);
      if (event.shiftKey && (active === first || !isInside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !isInside)) {
        event.preventDefault();
        first.focus();
      }
    };
    // A press on the backdrop itself (not inside the panel) dismisses, when dismissing is allowed.
    const layer = layerRef.current;
    const onBackdropPress = (event: MouseEvent) => {
      if (event.target === layer) onDismissRef.current?.();
    };
    document.addEventListener('keydown', onKeyDown, true);
    layer?.addEventListener('mousedown', onBackdropPress);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      layer?.removeEventListener('mousedown', onBackdropPress);
    };
  }, []);

  return createPortal(
    <div ref={layerRef} className="sv-dialog-layer" data-testid="dialog-backdrop">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both modal */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={classNames('sv-dialog', `sv-dialog--${size}`, className)}
      >
        <header className="sv-dialog__header">
          <h2 id={titleId} className="sv-dialog__title">
            {title}
          </h2>
          {isDismissible ? (
            <button
              type="button"
              className="sv-icon-button sv-icon-button--inline"
              aria-label="Close"
              onClick={() => onDismissRef.current?.()}
            >
              <Icon name="x" />
            </button>
          ) : null}
        </header>
        {description ? (
          <div id={descriptionId} className="sv-dialog__description">
            {description}
          </div>
        ) : null}
        {children ? <div className="sv-dialog__body">{children}</div> : null}
        {actions ? <footer className="sv-dialog__actions">{actions}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
