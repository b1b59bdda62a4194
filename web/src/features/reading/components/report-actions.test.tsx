import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '@/testing/render';
import { ReportActions } from './report-actions';

const ID = 'abcdefghijklmnopqrstuv';

function stubApi(sharing: {
  shared: boolean;
  includePhoto: boolean;
  owner: boolean;
  emailAvailable: boolean;
}) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method, body });
    if (url.endsWith('/email'))
      return Promise.resolve(jsonResponse({ deliveryId: 'd1', status: 'queued' }, 202));
    if (method === 'PUT') return Promise.resolve(jsonResponse({ ...sharing, ...(body as object) }));
    if (method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
    return Promise.resolve(jsonResponse(sharing));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('report actions', () => {
  it('offers the PDF and Share to anyone it is shared with, but neither email nor Stop sharing', async () => {
    stubApi({ shared: true, includePhoto: false, owner: false, emailAvailable: true });
    renderWithApp(<ReportActions readingId={ID} />);
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/reading/${ID}/pdf`,
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Email me this reading' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).toBeNull();
  });

  it('keeps the owner’s reading private until Share, which turns sharing on and copies the link', async () => {
    const calls = stubApi({ shared: false, includePhoto: false, owner: true, emailAvailable: false });
    const user = userEvent.setup();
    renderWithApp(<ReportActions readingId={ID} />);
    expect(await screen.findByText(/Only this browser can open this reading/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ body: { shared: true } });
    // user-event stands in a clipboard for the page.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/report/${ID}`);
    expect(screen.getByRole('button', { name: 'Stop sharing' })).toBeInTheDocument();
  });

  it('checks the address before sending it, and lets the owner stop sharing', async () => {
    const calls = stubApi({ shared: true, includePhoto: false, owner: true, emailAvailable: true });
    const user = userEvent.setup();
    renderWithApp(<ReportActions readingId={ID} />);

    await user.click(await screen.findByRole('button', { name: 'Email me this reading' }));
    await user.type(screen.getByLabelText('Your email address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/valid email address/);
    expect(calls.filter((call) => call.url.endsWith('/email'))).toEqual([]);

    await user.clear(screen.getByLabelText('Your email address'));
    await user.type(screen.getByLabelText('Your email address'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email on its way')).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/email'))).toMatchObject({
      method: 'POST',
      body: { email: 'me@example.com' },
    });

    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByText('Sharing stopped')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ body: { shared: false } });
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it('deletes the owner’s reading only after confirming, then leaves for the home page', async () => {
    const calls = stubApi({ shared: false, includePhoto: false, owner: true, emailAvailable: false });
    const user = userEvent.setup();
    renderWithApp(<ReportActions readingId={ID} />, {
      path: '/report/:id',
      initialEntry: `/report/${ID}`,
      extraRoutes: [{ path: '/', element: <p>Home page</p> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete this reading' }));
    expect(await screen.findByRole('dialog', { name: 'Delete this reading?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete this reading' }));
    await user.click(await screen.findByRole('button', { name: 'Delete reading' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText('Reading deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { url: `/api/reading/${ID}`, method: 'DELETE', body: undefined },
    ]);
  });

  it('offers Delete to the owner only', async () => {
    stubApi({ shared: true, includePhoto: false, owner: false, emailAvailable: false });
    renderWithApp(<ReportActions readingId={ID} />);
    await screen.findByRole('link', { name: 'Download PDF' });
    expect(screen.queryByRole('button', { name: 'Delete this reading' })).toBeNull();
  });
});
