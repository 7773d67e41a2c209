import type { ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A live warning that does not block (shown instead of the hint). */
  warning?: ReactNode;
  error?: ReactNode;
  /** Marks the label for a required field (the control carries `required` itself). */
  isRequired?: boolean;
  children: ReactNode;
}

/** Label, control and the one message under it; ids follow `fieldDescriptionIds`. */
export function Field({ id, label, hint, warning, error, isRequired = false, children }: FieldProps) {
  let message: ReactNode = null;
  if (error) {
    message = (
      <p id={`${id}-error`} className="sv-field__error">
        {error}
      </p>
    );
  } else if (warning) {
    message = (
      <p id={`${id}-warning`} className="sv-field__warning" aria-live="polite">
        {warning}
      </p>
    );
  } else if (hint) {
    message = (
      <p id={`${id}-hint`} className="sv-field__hint">
        {hint}
      </p>
    );
  }
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
      {message}
    </div>
  );
}
