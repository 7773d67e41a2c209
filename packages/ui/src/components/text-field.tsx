import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { classNames } from './class-names';
import { Field } from './field';
import { fieldDescriptionIds } from './field-description-ids';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  warning?: ReactNode;
  error?: ReactNode;
  id?: string;
}

export function TextField({
  label,
  hint,
  warning,
  error,
  id,
  className,
  required,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} hint={hint} warning={warning} error={error}>
      <input
        id={inputId}
        className={classNames('sv-input', className)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescriptionIds(inputId, { hint, warning, error })}
        {...props}
      />
    </Field>
  );
}
