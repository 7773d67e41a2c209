import { Icon } from '@sieve/ui';
import { useId, useState } from 'react';
import { FORMATTING_GUIDELINES } from './formatting-guidelines';

/** spec 01 §2: the formatting guidelines as a hover (and focus) tip; shown to the worker role only. */
export function GuidelinesTip() {
  const [isOpen, setIsOpen] = useState(false);
  const tipId = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover shows the tip for the mouse; the button inside is the keyboard path (focus shows it, Escape hides it)
    <span
      className="sv-tip"
      onMouseEnter={() => setIsOpen(true)}
      onMouseLeave={() => setIsOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          setIsOpen(false);
        }
      }}
    >
      <button
        type="button"
        className="sv-button sv-button--ghost sv-button--sm"
        aria-describedby={tipId}
        aria-expanded={isOpen}
        onFocus={() => setIsOpen(true)}
        onBlur={() => setIsOpen(false)}
        onClick={() => setIsOpen((open) => !open)}
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
