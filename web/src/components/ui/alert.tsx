import type { ReactNode } from 'react';
import './alert.css';

export type AlertTone = 'destructive' | 'warning' | 'success';

/** An inline message box: red for errors, orange for warnings, green for confirmations. */
export function Alert({
  tone = 'destructive',
  title,
  children,
  className,
}: {
  tone?: AlertTone;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
    >
      <span className="alert__icon" aria-hidden="true">
        {tone === 'success' ? '✓' : '!'}
      </span>
      <div className="alert__body">
        <p className="alert__title">{title}</p>
        {children ? <div className="alert__description">{children}</div> : null}
      </div>
    </div>
  );
}
