import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article';
}

export function Card({ as: Element = 'div', className, ...props }: CardProps) {
  return <Element className={classNames('sv-card', className)} {...props} />;
}
