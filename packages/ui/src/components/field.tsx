import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Marks the label for a required field (the input carries `required` itself). */
  isRequired?: boolean;
  children: ReactNode;
}

/** Label, control and the hint or error under it; ids follow `fieldDescriptionIds`. */
export function Field({ id, label, hint, error, isRequired = false, children }: FieldProps) {
  return (
    <div className="sv-field">
      <label className="sv-field__label" htmlFor={id}>
        {label}
        {isRequired ? (
          <span className="sv-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="sv-field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="sv-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
