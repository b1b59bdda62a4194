import type { HTMLAttributes } from 'react';
import './card.css';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={['card', className].filter(Boolean).join(' ')} {...props} />;
}
