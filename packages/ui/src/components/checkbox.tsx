import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  id?: string;
}

export function Checkbox({ label, id, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className="sv-checkbox">
      <input id={inputId} type="checkbox" className="sv-checkbox__input" {...props} />
      <label htmlFor={inputId} className="sv-checkbox__label">
        {label}
      </label>
    </div>
  );
}
