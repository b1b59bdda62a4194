import type { HTMLAttributes } from 'react';
import './badge.css';

export function Badge({
  tone = 'gold',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: 'gold' | 'success' | 'muted' }) {
  return <span className={['badge', `badge--${tone}`, className].filter(Boolean).join(' ')} {...props} />;
}
