import { ADMIN_CODE_MAX_LENGTH, ADMIN_CODE_MIN_LENGTH } from '@palm/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { login } from '../api/admin-auth.api';

export const LOGIN_FAILED = 'Login failed';

/** The red alert's title and sentence for a failed sign-in: a lockout says how long to wait. */
export function describeLoginError(error: unknown): { title: string; detail?: string } {
  if (error instanceof ApiError && error.status === 429) {
    return {
      title: 'Sign-in temporarily locked',
      detail: error.problem?.detail ?? 'Too many failed sign-in attempts. Please wait and try again.',
    };
  }
  if (error instanceof ApiError && error.status === 401) return { title: LOGIN_FAILED };
  if (error instanceof ApiError && error.problem?.detail) {
    return { title: LOGIN_FAILED, detail: error.problem.detail };
  }
  return { title: LOGIN_FAILED, detail: 'The sign-in service could not be reached. Please try again.' };
}

/**
 * Spec §5: at most 8 characters, submit enabled from 6 — a 6-digit authenticator code or an
 * 8-character backup code.
 */
export function CodeForm({
  submitLabel = 'Sign In',
  onSignedIn,
}: {
  submitLabel?: string;
  onSignedIn: (sessionId: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [code, setCode] = useState('');
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: ({ sessionId }) => onSignedIn(sessionId),
  });
  const trimmed = code.trim();
  const canSubmit = trimmed.length >= ADMIN_CODE_MIN_LENGTH && !mutation.isPending;
  const failure = mutation.isError ? describeLoginError(mutation.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSubmit) mutation.mutate(trimmed);
  };

  return (
    <form className="admin-code-form" onSubmit={onSubmit} noValidate>
      {failure ? <Alert title={failure.title}>{failure.detail}</Alert> : null}
      <label htmlFor={inputId} className="admin-field__label">
        Authentication code
      </label>
      <input
        id={inputId}
        className="admin-input admin-code-form__input"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        maxLength={ADMIN_CODE_MAX_LENGTH}
        autoComplete="one-time-code"
        inputMode="text"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="000000"
        aria-describedby={hintId}
        autoFocus
      />
      <p id={hintId} className="admin-field__hint">
        6-digit code from your authenticator app, or one of your backup codes.
      </p>
      <Button type="submit" size="lg" disabled={!canSubmit}>
        {mutation.isPending ? 'Verifying...' : submitLabel}
      </Button>
    </form>
  );
}
