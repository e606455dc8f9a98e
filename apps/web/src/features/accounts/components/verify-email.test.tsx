import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { sessionKeys } from '../../../lib/session/get-me';
import { Toaster } from '../../../components/ui/toaster';
import { RegisterPage } from '../pages/register-page';
import { VerifyEmailPage } from '../pages/verify-email-page';
import { VerifyEmailBanner } from './verify-email-banner';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u1',
  name: 'Vera Fied',
  email: 'vera@acme-solar.co.uk',
  phone: null,
  company: 'Acme Solar',
  type: 'provider',
  is_admin: false,
  createdAt: '',
  emailVerified: false,
  ...over,
});

function renderWith(ui: ReactNode, me: CurrentUser | null, path = '/verify-email') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(sessionKeys.me, me);
  const router = createMemoryRouter(
    [
      { path: '/list-a-tender', element: <p>the tender form</p> },
      { path: '*', element: ui },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(client, { router });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the verification banner (decision 0337)', () => {
  it('shows nothing to a visitor or a verified account', () => {
    renderWith(<VerifyEmailBanner />, null);
    expect(screen.queryByRole('region', { name: 'Email confirmation' })).toBeNull();
    renderWith(<VerifyEmailBanner />, user({ emailVerified: true }));
    expect(screen.queryByRole('region', { name: 'Email confirmation' })).toBeNull();
  });

  it('tells an unverified account where the link went and sends a new one, showing the answer beside the button', async () => {
    const fetchMock = vi.fn(async () => json({ success: true, message: M.verificationSent('vera@acme-solar.co.uk') }));
    vi.stubGlobal('fetch', fetchMock);
    const u = userEvent.setup();
    renderWith(<VerifyEmailBanner />, user());
    const banner = screen.getByRole('region', { name: 'Email confirmation' });
    expect(banner).toHaveTextContent(M.verifyBanner('vera@acme-solar.co.uk'));
    await u.click(screen.getByRole('button', { name: M.verifyResend }));
    expect(await screen.findByRole('status')).toHaveTextContent(M.verificationSent('vera@acme-solar.co.uk'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/resend-verification', expect.objectContaining({ method: 'POST' }));
  });

  it("shows the server's refusal (too many requests) as an alert", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ success: false, message: 'Too many requests. Please try again in 3600 seconds.' }, 429)));
    const u = userEvent.setup();
    renderWith(<VerifyEmailBanner />, user());
    await u.click(screen.getByRole('button', { name: M.verifyResend }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again in 3600 seconds.');
  });
});

describe('/verify-email (decision 0337)', () => {
  it('sends the token from the fragment once, removes it from the address, and reads the user again', async () => {
    window.history.replaceState(null, '', '/verify-email#token=abc_DEF-123');
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/verify-email' ? json({ success: true, message: M.emailVerified }) : json({ success: true, data: user({ emailVerified: true }) }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = renderWith(<VerifyEmailPage />, user());
    expect(await screen.findByText(M.emailVerified)).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/verify-email');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String((posts[0] as unknown as [string, RequestInit])[1].body))).toEqual({ token: 'abc_DEF-123' });
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    await waitFor(() => expect(client.getQueryData<CurrentUser>(sessionKeys.me)?.emailVerified).toBe(true));
  });

  it("shows the server's message for a used or expired link, and the invalid-link message without a token", async () => {
    window.history.replaceState(null, '', '/verify-email#token=used');
    vi.stubGlobal('fetch', vi.fn(async () => json({ success: false, message: M.verificationInvalid }, 400)));
    renderWith(<VerifyEmailPage />, null);
    expect(await screen.findByText(M.verificationInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fdashboard');
  });

  it('without a token says the link is invalid and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<VerifyEmailPage />, null);
    expect(screen.getByText(M.verificationInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

// Issue 28 item 7: a representative writing a tender landed on the dashboard after verifying.
describe('returning to the page the user came from', () => {
  it("the banner's new link carries the page it was asked from", async () => {
    const fetchMock = vi.fn(async () => json({ success: true, message: M.verificationSent('vera@acme-solar.co.uk') }));
    vi.stubGlobal('fetch', fetchMock);
    const u = userEvent.setup();
    renderWith(<VerifyEmailBanner />, user({ type: 'representative' }), '/tenders/new?service=Panel%20Cleaning');
    await u.click(screen.getByRole('button', { name: M.verifyResend }));
    await screen.findByRole('status');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ returnTo: '/tenders/new?service=Panel%20Cleaning' });
  });

  it('a confirmed link with a return path lands the user back there, saying the address is confirmed', async () => {
    window.history.replaceState(null, '', '/verify-email#token=abc_DEF-123&next=%2Flist-a-tender');
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/verify-email' ? json({ success: true, message: M.emailVerified }) : json({ success: true, data: user({ emailVerified: true }) }))));
    const { router } = renderWith(
      <>
        <VerifyEmailPage />
        <Toaster />
      </>,
      user({ type: 'representative' }),
    );
    expect(await screen.findByText('the tender form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/list-a-tender');
    expect(window.location.hash).toBe('');
  });

  it.each(['%2F..%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2F%5Cevil.example'])('a return path %s that is not same-site is ignored: the page stays, pointing to the dashboard', async (next) => {
    window.history.replaceState(null, '', `/verify-email#token=abc&next=${next}`);
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === '/api/auth/verify-email' ? json({ success: true, message: M.emailVerified }) : json({ success: true, data: user({ emailVerified: true }) }))));
    const { router } = renderWith(<VerifyEmailPage />, user());
    expect(await screen.findByText(M.emailVerified)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('a link that no longer works still offers the way back', async () => {
    window.history.replaceState(null, '', '/verify-email#token=used&next=%2Flist-a-tender');
    vi.stubGlobal('fetch', vi.fn(async () => json({ success: false, message: M.verificationInvalid }, 400)));
    renderWith(<VerifyEmailPage />, user());
    expect(await screen.findByText(M.verificationInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute('href', '/list-a-tender');
  });

  it('the sign-up page sends the page to return to with the new account', async () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    const u = userEvent.setup();
    renderWith(<RegisterPage />, null, '/register?redirect=%2Flist-a-tender&type=representative');
    await u.type(screen.getByLabelText('Business email'), 'ada@acme-solar.co.uk');
    await u.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await u.type(screen.getByLabelText('Company name'), 'Acme Solar');
    await u.type(screen.getByLabelText('Password'), 'SolarPanel42x');
    await u.type(screen.getByLabelText('Confirm password'), 'SolarPanel42x');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ type: 'representative', returnTo: '/list-a-tender' });
  });
});
