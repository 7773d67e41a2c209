import type { ComponentPropsWithRef } from 'react';
import { classNames } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** A button; `ref` reaches the <button> (React 19 passes it as a prop). */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
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
