import type { ButtonHTMLAttributes } from 'react';
import { classNames } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  isFullWidth?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  isFullWidth = false,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames(
        'sv-button',
        `sv-button--${variant}`,
        size === 'sm' && 'sv-button--sm',
        isFullWidth && 'sv-button--full',
        className,
      )}
      {...props}
    />
  );
}
