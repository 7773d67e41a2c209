import { Icon } from '@sieve/ui';
import { useId, useState } from 'react';
import { FORMATTING_GUIDELINES } from './formatting-guidelines';

/** spec 01 §2: the formatting guidelines as a hover (and focus) tip; shown to the worker role only. */
export function GuidelinesTip() {
  // Hover and focus show it; a click pins it open (issue 15: a click used to close what hover had
  // opened). Escape, leaving the button (blur) or moving away while unpinned close it.
  const [isHovered, setHovered] = useState(false);
  const [isPinned, setPinned] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const isOpen = isHovered || isPinned || isFocused;
  const close = () => {
    setHovered(false);
    setPinned(false);
    setFocused(false);
  };
  const tipId = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover shows the tip for the mouse; the button inside is the keyboard path (focus shows it, Escape hides it)
    <span
      className="sv-tip"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        type="button"
        className="sv-button sv-button--ghost sv-button--sm"
        aria-describedby={tipId}
        aria-expanded={isOpen}
        onFocus={() => setFocused(true)}
        onBlur={close}
        onClick={() => setPinned(true)}
      >
        <Icon name="info" />
        Guidelines
      </button>
      <span id={tipId} role="tooltip" className="sv-tip__bubble" hidden={!isOpen}>
        <span className="sv-tip__title">Formatting guidelines</span>
        <span className="sv-tip__list">
          {FORMATTING_GUIDELINES.map((line) => (
            <span key={line} className="sv-tip__item">
              {line}
            </span>
          ))}
        </span>
      </span>
    </span>
  );
}
