import { Button, Icon } from '@sieve/ui';
import { type KeyboardEvent, useId, useState } from 'react';
import { addItem } from './request-form-state';

export interface ItemListFieldProps {
  /** "Data Points", "Columns". */
  label: string;
  /** Singular, for the buttons: "data point", "column". */
  noun: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  placeholder?: string;
  hint?: string;
  /** A message from the form's validation (the list as a whole). */
  error?: string | undefined;
}

/**
 * spec 02 §5: names are added one at a time — Enter or Add — trimmed, blanks ignored, no commas;
 * each added name can be removed again.
 */
export function ItemListField({
  label,
  noun,
  items,
  onChange,
  placeholder,
  hint,
  error,
}: ItemListFieldProps) {
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const message = draftError ?? error ?? null;
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;

  const add = () => {
    const next = addItem(items, draft);
    setDraftError(next.error);
    if (next.error) return;
    if (next.list.length !== items.length) onChange(next.list);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="sv-field rq-items">
      <label className="sv-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="rq-items__entry">
        <input
          id={inputId}
          className="sv-input"
          value={draft}
          placeholder={placeholder}
          aria-invalid={message ? true : undefined}
          aria-describedby={
            [hint ? hintId : null, message ? messageId : null].filter(Boolean).join(' ') || undefined
          }
          onChange={(event) => {
            setDraft(event.target.value);
            if (draftError) setDraftError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button onClick={add} aria-label={`Add ${noun}`}>
          Add
        </Button>
      </div>
      {hint ? (
        <p id={hintId} className="sv-field__hint">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={messageId} className="sv-field__error" role="alert">
          {message}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className="rq-items__list" aria-label={`${label} added`}>
          {items.map((item) => (
            <li key={item} className="rq-chip">
              <span className="rq-chip__text">{item}</span>
              <button
                type="button"
                className="rq-chip__remove"
                aria-label={`Remove ${noun} ${item}`}
                onClick={() => onChange(items.filter((existing) => existing !== item))}
              >
                <Icon name="x" size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
