import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { Field } from './field';
import { fieldDescriptionIds } from './field-description-ids';
import { Icon } from './icon';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  warning?: ReactNode;
  error?: ReactNode;
  id?: string;
  /** Shown inside the input before the show/hide toggle, e.g. a match indicator. */
  adornment?: ReactNode;
}

/** A password input with a show/hide toggle (spec 01 §2). */
export function PasswordField({
  label,
  hint,
  warning,
  error,
  id,
  adornment,
  required,
  ...props
}: PasswordFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [isVisible, setIsVisible] = useState(false);
  return (
    <Field id={inputId} label={label} hint={hint} warning={warning} error={error}>
      <div className="sv-input-group">
        <input
          id={inputId}
          type={isVisible ? 'text' : 'password'}
          className="sv-input"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescriptionIds(inputId, { hint, warning, error })}
          {...props}
        />
        <div className="sv-input-group__end">
          {adornment}
          <button
            type="button"
            className="sv-icon-button sv-icon-button--inline"
            onClick={() => setIsVisible((visible) => !visible)}
            aria-label={isVisible ? 'Hide password' : 'Show password'}
            aria-controls={inputId}
            aria-pressed={isVisible}
          >
            <Icon name={isVisible ? 'eye-off' : 'eye'} />
          </button>
        </div>
      </div>
    </Field>
  );
}
