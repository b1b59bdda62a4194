import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowList } from '@/features/admin-flows/components/flow-list';
import { ADMIN_SESSION_STORAGE_KEY } from '@/lib/api-client';
import { jsonResponse, renderWithApp } from '@/testing/render';
import AdminLayoutRoute from './admin-layout';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const authorizationOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

function renderAdmin(respond: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => Promise.resolve(respond(input as string, init)));
  vi.stubGlobal('fetch', fetchMock);
  renderWithApp(<AdminLayoutRoute />, {
    path: '/admin',
    initialEntry: '/admin',
    extraRoutes: [{ path: '/admin/auth', element: <p>Sign-in page</p> }],
  });
  return fetchMock;
}

describe('admin session', () => {
  it('sends admin screens without a session to /admin/auth', async () => {
    const fetchMock = renderAdmin(() => jsonResponse({}));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears an expired session and goes to /admin/auth on a 401', async () => {
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, 'expired-session-id');
    const fetchMock = renderAdmin(() =>
      jsonResponse({ title: 'Unauthorized', status: 401, detail: 'Your session has expired.' }, 401),
    );
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)).toBeNull();
    expect(authorizationOf(fetchMock.mock.calls[0]?.[1])).toBe('Bearer expired-session-id');
  });

  it('signs out on the server and locally', async () => {
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, 'live-session-id');
    const fetchMock = renderAdmin(() => new Response(null, { status: 204 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    const logout = fetchMock.mock.calls.find(([url]) => url === '/api/admin/logout');
    expect(logout?.[1]?.method).toBe('POST');
    expect(authorizationOf(logout?.[1])).toBe('Bearer live-session-id');
    expect(localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('admin calls', () => {
  it('end the session when any admin call answers 401, which the layout turns into the redirect', async () => {
    localStorage.setItem(ADMIN_SESSION_STORAGE_KEY, 'soon-expired');
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(jsonResponse({ title: 'Unauthorized', status: 401, detail: 'expired' }, 401)),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<FlowList />, {
      path: '/admin/flows',
      extraRoutes: [{ path: '/admin/auth', element: <p>Sign-in page</p> }],
    });
    await waitFor(() => expect(localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)).toBeNull());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/flows');
  });
});
