import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, ToastProvider, useToast, type ToastInput } from '.';

function Trigger({ input }: { input: ToastInput }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(input)}>
      show {input.title}
    </button>
  );
}

function setup() {
  render(
    <ToastProvider>
      <Trigger input={{ title: 'First', description: 'one' }} />
      <Trigger input={{ title: 'Second', description: 'two', variant: 'destructive' }} />
      <Toaster />
    </ToastProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one at a time and closes after 5000 ms', () => {
    setup();
    fireEvent.click(screen.getByText('show First'));
    fireEvent.click(screen.getByText('show Second'));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Second');

    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('pauses while hovered or focused', () => {
    setup();
    fireEvent.click(screen.getByText('show First'));
    const toast = screen.getByRole('status');

    act(() => {
      vi.advanceTimersByTime(3000);
    });
    fireEvent.pointerEnter(toast);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('First')).toBeInTheDocument();
    fireEvent.pointerLeave(toast);

    fireEvent.focus(screen.getByRole('button', { name: 'Close notification' }));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('First')).toBeInTheDocument();
    fireEvent.blur(screen.getByRole('button', { name: 'Close notification' }));

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('is dismissed by a swipe right of at least 50 px, not by a shorter one', () => {
    setup();
    fireEvent.click(screen.getByText('show First'));
    const toast = screen.getByRole('status');

    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 149, pointerId: 1 });
    expect(screen.getByText('First')).toBeInTheDocument();

    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 150, pointerId: 1 });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('closes with its close button', () => {
    setup();
    fireEvent.click(screen.getByText('show First'));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });
});
