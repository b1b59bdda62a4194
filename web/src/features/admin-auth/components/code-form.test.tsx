import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/testing/render';
import { CodeForm } from './code-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  const onSignedIn = vi.fn();
  renderWithApp(<CodeForm onSignedIn={onSignedIn} />);
  return { fetchMock, onSignedIn, input: screen.getByLabelText('Authentication code') };
}

describe('admin code form', () => {
  it('takes at most 8 characters and enables submit from 6, with the 6-digit hint', async () => {
    const { input } = renderForm(jsonResponse({ sessionId: 'x' }));
    const submit = screen.getByRole('button', { name: 'Sign In' });
    expect(input).toHaveAttribute('maxLength', '8');
    expect(input).toHaveAccessibleDescription(/6-digit code/);
    expect(submit).toBeDisabled();
    await userEvent.type(input, '12345');
    expect(submit).toBeDisabled();
    await userEvent.type(input, '6');
    expect(submit).toBeEnabled();
    await userEvent.type(input, '789');
    expect(input).toHaveValue('12345678');
  });

  it('signs in with the code and hands over the session id', async () => {
    const { input, fetchMock, onSignedIn } = renderForm(jsonResponse({ sessionId: 'session-abc' }));
    await userEvent.type(input, '123456{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('session-abc'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/login');
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({ token: '123456' });
  });

  it('shows "Login failed" in a red alert for a wrong code', async () => {
    const { input, onSignedIn } = renderForm(
      jsonResponse({ title: 'Unauthorized', status: 401, detail: 'Login failed' }, 401),
    );
    await userEvent.type(input, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('tells how long to wait when sign-in is locked', async () => {
    const detail = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
    const { input } = renderForm(jsonResponse({ title: 'Too Many Requests', status: 429, detail }, 429));
    await userEvent.type(input, '000000{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in temporarily locked');
    expect(alert).toHaveTextContent(detail);
  });
});
