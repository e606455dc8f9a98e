import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { TEXT_MESSAGES } from '@solar/shared/constants/text';
import { Toaster } from '../../../components/ui/toaster';
import { fakeXhr } from '../../../test/fake-xhr';
import { ProviderCreatePage } from './provider-create-page';

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let checkName: Handler;
let createProvider: Handler;

const calls = (path: string) =>
  fetchMock.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), 'http://x'), init: init as RequestInit | undefined }))
    .filter((c) => c.url.pathname === path);

beforeEach(() => {
  checkName = () => json({ success: true, exists: false, provider: null });
  createProvider = () => json({ success: false, message: 'unexpected' }, 500);
  fetchMock = vi.fn(async (input: unknown, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/services') return json({ services: ['Panel Cleaning', 'Drone Surveys', 'O&M'] });
    if (url.pathname === '/api/geocode')
      return json({
        features: [{ place_name: 'Leeds, West Yorkshire', center: [-1.54, 53.8], place_type: ['place'] }],
      });
    if (url.pathname === '/api/providers/public/check-name') return checkName(url, init);
    if (url.pathname === '/api/providers' && init?.method === 'POST') return createProvider(url, init);
    return json({ success: false, message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage(initialEntry = '/provider-create', client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })) {
  const router = createMemoryRouter(
    [
      { path: '/provider-create', element: <ProviderCreatePage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/providers/:id', element: <p>profile page</p> },
      { path: '/tender/:id/respond', element: <p>response form</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

const errorOf = (label: string | RegExp) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby')?.split(' ').find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : null;
};

describe('/provider-create (docs/product/providers.md#create-provider)', () => {
  it('shows every required-field message on an empty submit and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Create New Provider Profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText(M.businessNameRequired)).toBeInTheDocument();
    expect(screen.getByText(M.descriptionMin)).toBeInTheDocument();
    expect(screen.getByText(M.servicesMin)).toBeInTheDocument();
    expect(screen.getByText(M.locationRequired)).toBeInTheDocument();
    expect(screen.getByText(M.typeRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Business name')).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf('Business name')).toBe(M.businessNameRequired);
    expect(errorOf('Provider type')).toBe(M.typeRequired);
    expect(calls('/api/providers')).toHaveLength(0);
  });

  it('refuses a business name holding a right-to-left override (decision 0338)', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByLabelText('Business name'));
    await user.paste('Acme \u202Eevil');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(errorOf('Business name')).toBe(TEXT_MESSAGES.invisibleCharacters('Business name')));
    expect(calls('/api/providers')).toHaveLength(0);
  });

  it('description under 10 characters, bad URLs, a bad email and a negative radius get their messages', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Description'), 'Too short');
    for (const label of ['Website', 'LinkedIn', 'Twitter', 'Facebook'])
      await user.type(screen.getByLabelText(label), 'ftp://files.example.com');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Service radius (km)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(errorOf('Description')).toBe(M.descriptionMin));
    for (const label of ['Website', 'LinkedIn', 'Twitter', 'Facebook']) expect(errorOf(label)).toBe(M.invalidUrl);
    expect(errorOf('Email')).toBe(M.invalidEmail);
    expect(errorOf('Service radius (km)')).toBe(M.radiusPositive);

    // Fixing them clears the messages: a URL without a scheme is accepted (https:// is prepended).
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'acme-solar.co.uk');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'hello@acme-solar.co.uk');
    await user.clear(screen.getByLabelText('Service radius (km)'));
    await user.type(screen.getByLabelText('Service radius (km)'), '0');
    await waitFor(() => expect(errorOf('Website')).toBeNull());
    expect(errorOf('Email')).toBeNull();
    expect(errorOf('Service radius (km)')).toBeNull();
    expect(calls('/api/providers')).toHaveLength(0);
  });

  it('checks the name 500 ms after typing stops, once, and offers Claim it for an existing provider', async () => {
    vi.useFakeTimers();
    checkName = (url) =>
      json({
        success: true,
        exists: url.searchParams.get('name') === 'Acme Solar',
        provider: { id: 'p-1', slug: 'acme-solar', businessName: 'Acme Solar' },
      });
    renderPage();
    const name = screen.getByLabelText('Business name');
    fireEvent.change(name, { target: { value: 'Acme' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(name, { target: { value: '  Acme Solar ' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(calls('/api/providers/public/check-name')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const checks = calls('/api/providers/public/check-name');
    expect(checks).toHaveLength(1);
    expect(checks[0]!.url.searchParams.get('name')).toBe('Acme Solar');
    vi.useRealTimers();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(M.nameExists);
    expect(within(status).getByRole('link', { name: 'Claim it' })).toHaveAttribute('href', '/providers/acme-solar');

    // An unused name (or an empty field) removes the notice.
    fireEvent.change(name, { target: { value: 'Brand New Solar' } });
    await waitFor(() => expect(screen.queryByText(M.nameExists)).not.toBeInTheDocument(), { timeout: 2000 });
  });

  it('creates the profile, toasts and opens it; Cancel goes to the dashboard', async () => {
    const user = userEvent.setup();
    createProvider = () => json({ success: true, data: { id: 'new-id' } }, 201);
    const router = renderPage();
    await user.type(screen.getByLabelText('Business name'), 'Brand New Solar');
    await user.selectOptions(screen.getByLabelText('Provider type'), screen.getAllByRole('option')[1]!);
    await user.type(screen.getByLabelText('Description'), 'We clean solar panels across Yorkshire.');
    await user.type(screen.getByRole('combobox', { name: 'Services' }), 'Panel');
    await user.click(await screen.findByRole('option', { name: 'Panel Cleaning' }));
    await user.type(screen.getByLabelText('Location'), 'Leed');
    await user.click(await screen.findByRole('option', { name: /Leeds, West Yorkshire/ }));
    await user.type(screen.getByLabelText('Service radius (km)'), '80');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/providers/new-id'));
    expect(await screen.findByText(M.created)).toBeInTheDocument();
    const [post] = calls('/api/providers');
    expect(JSON.parse(String(post!.init!.body))).toMatchObject({
      businessName: 'Brand New Solar',
      description: 'We clean solar panels across Yorkshire.',
      services: ['Panel Cleaning'],
      location: 'Leeds, West Yorkshire',
      // The chosen suggestion's point, so the profile sits where the directory would place it (decision 0367).
      locationCenter: [-1.54, 53.8],
      serviceRadius: 80,
    });

    await act(() => router.navigate('/provider-create'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sent from a tender’s response form, goes back there once the profile exists, not to the profile (issue 27 defect 10)', async () => {
    const user = userEvent.setup();
    createProvider = () => json({ success: true, data: { id: 'new-id' } }, 201);
    // The response form said "You need a provider profile" a moment ago: that answer must not be served again.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5 * 60_000 }, mutations: { retry: false } } });
    client.setQueryData(['tenders', 'detail', 't-1', 'my-responses'], { refusal: 'You need a provider profile to respond to a tender.' });
    const router = renderPage(`/provider-create?redirect=${encodeURIComponent('/tender/t-1/respond')}`, client);
    await user.type(screen.getByLabelText('Business name'), 'Outside Solar');
    await user.selectOptions(screen.getByLabelText('Provider type'), screen.getAllByRole('option')[1]!);
    await user.type(screen.getByLabelText('Description'), 'Invited to a tender by email.');
    await user.type(screen.getByRole('combobox', { name: 'Services' }), 'Panel');
    await user.click(await screen.findByRole('option', { name: 'Panel Cleaning' }));
    await user.type(screen.getByLabelText('Location'), 'Leed');
    await user.click(await screen.findByRole('option', { name: /Leeds, West Yorkshire/ }));
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tender/t-1/respond'));
    expect(await screen.findByText('response form')).toBeInTheDocument();
    expect(client.getQueryState(['tenders', 'detail', 't-1', 'my-responses'])?.isInvalidated).toBe(true);
  });

  it('a duplicate name from the server marks the field and toasts; another failure toasts its message', async () => {
    const user = userEvent.setup();
    createProvider = () => json({ success: false, message: M.nameExistsField }, 409);
    renderPage();
    await user.type(screen.getByLabelText('Business name'), 'Acme Solar');
    await user.selectOptions(screen.getByLabelText('Provider type'), screen.getAllByRole('option')[1]!);
    await user.type(screen.getByLabelText('Description'), 'A long enough description.');
    await user.type(screen.getByRole('combobox', { name: 'Services' }), 'Drone');
    await user.click(await screen.findByRole('option', { name: 'Drone Surveys' }));
    await user.type(screen.getByLabelText('Location'), 'Leed');
    await user.click(await screen.findByRole('option', { name: /Leeds, West Yorkshire/ }));
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText(M.nameExistsToast)).toBeInTheDocument();
    expect(errorOf('Business name')).toBe(M.nameExistsField);

    // Other errors show the server's (or the request helper's) message …
    createProvider = () => new Response('gateway down', { status: 502 });
    await user.clear(screen.getByLabelText('Business name'));
    await user.type(screen.getByLabelText('Business name'), 'Other Solar');
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText('Server error occurred. Please try again.')).toBeInTheDocument();
    // … and 'Failed to create provider profile' when there is none (the request never got an answer).
    createProvider = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByText(M.createFailed)).toBeInTheDocument();
    expect(errorOf('Business name')).toBeNull();
  });

  it('takes a logo with the upload rules: a GIF or a 3 MB file is refused under the field; a PNG is uploaded once the profile exists', async () => {
    const { FakeXhr, sent } = fakeXhr(() => ({ status: 200, body: { success: true, logoUrl: '/uploads/x.png', message: M.logoUploaded } }));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup({ applyAccept: false });
    createProvider = () => json({ success: true, data: { id: 'new-id' } }, 201);
    const router = renderPage();
    const logo = screen.getByLabelText('Logo (optional)');
    await user.upload(logo, new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    expect(errorOf('Logo (optional)')).toBe(M.logoType);
    await user.upload(logo, new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(errorOf('Logo (optional)')).toBe(M.logoSize);
    await user.upload(logo, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    expect(errorOf('Logo (optional)')).toBeNull();

    await user.type(screen.getByLabelText('Business name'), 'Logo Solar');
    await user.selectOptions(screen.getByLabelText('Provider type'), screen.getAllByRole('option')[1]!);
    await user.type(screen.getByLabelText('Description'), 'We clean solar panels across Yorkshire.');
    await user.type(screen.getByRole('combobox', { name: 'Services' }), 'Panel');
    await user.click(await screen.findByRole('option', { name: 'Panel Cleaning' }));
    await user.type(screen.getByLabelText('Location'), 'Leed');
    await user.click(await screen.findByRole('option', { name: /Leeds, West Yorkshire/ }));
    await user.click(screen.getByRole('button', { name: 'Create Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/providers/new-id'));
    expect(sent.map((s) => s.url)).toEqual(['/api/providers/new-id/logo']);
    expect((sent[0]!.form.get('logo') as File).name).toBe('logo.png');
  });
});
