import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { classNames } from './class-names';
import { Field } from './field';
import { fieldDescriptionIds } from './field-description-ids';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  warning?: ReactNode;
  error?: ReactNode;
  id?: string;
}

export function SelectField({
  label,
  options,
  hint,
  warning,
  error,
  id,
  className,
  required,
  ...props
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <Field id={selectId} label={label} hint={hint} warning={warning} error={error}>
      <select
        id={selectId}
        className={classNames('sv-input', 'sv-select', className)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescriptionIds(selectId, { hint, warning, error })}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
