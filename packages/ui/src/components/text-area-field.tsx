import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import './text-area-field.css';
import { classNames } from './class-names';
import { Field } from './field';
import { fieldDescriptionIds } from './field-description-ids';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  warning?: ReactNode;
  error?: ReactNode;
  id?: string;
}

/** A labelled multi-line text box with the one message under it (as `TextField`). */
export function TextAreaField({
  label,
  hint,
  warning,
  error,
  id,
  className,
  required,
  rows = 4,
  ...props
}: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} hint={hint} warning={warning} error={error} isRequired={required}>
      <textarea
        id={inputId}
        rows={rows}
        className={classNames('sv-input', 'sv-textarea', className)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescriptionIds(inputId, { hint, warning, error })}
        {...props}
      />
    </Field>
  );
}
