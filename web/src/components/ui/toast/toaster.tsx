import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useToast, type ToastItem } from './toast-context';
import './toast.css';

/** Spec §9: a swipe to the right of at least 50 px dismisses. */
export const SWIPE_THRESHOLD_PX = 50;

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const [paused, setPaused] = useState({ hover: false, focus: false });
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const remaining = useRef(item.duration);
  const dismissRef = useRef(onDismiss);
  const isPaused = paused.hover || paused.focus;

  useEffect(() => {
    dismissRef.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    if (isPaused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [isPaused]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (swipeStart.current === null) return;
    setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerEnd = (event: PointerEvent<HTMLLIElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance >= SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };

  return (
    <li
      className={`toast toast--${item.variant}`}
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) }
          : undefined
      }
      onPointerEnter={() => setPaused((state) => ({ ...state, hover: true }))}
      onPointerLeave={() => setPaused((state) => ({ ...state, hover: false }))}
      onFocus={() => setPaused((state) => ({ ...state, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget))
          setPaused((state) => ({ ...state, focus: false }));
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="toast__body">
        <p className="toast__title">{item.title}</p>
        {item.description ? <p className="toast__description">{item.description}</p> : null}
      </div>
      {item.action ? (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            item.action?.onClick();
            onDismiss();
          }}
        >
          {item.action.label}
        </button>
      ) : null}
      <button type="button" className="toast__close" aria-label="Close notification" onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <section aria-label="Notifications" className="toaster">
      <ol className="toaster__list">
        {toasts.map((item) => (
          <Toast key={item.id} item={item} onDismiss={() => dismiss(item.id)} />
        ))}
      </ol>
    </section>
  );
}
