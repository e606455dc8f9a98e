import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import type { Provider } from '@solar/shared/contracts/providers';
import { Toaster } from '../../../components/ui/toaster';
import { fakeXhr } from '../../../test/fake-xhr';
import { ProviderMediaPage } from '../pages/provider-media-page';
import { ImageUploadButton } from './image-upload';

/**
 * Issue 14, finding 4: the upload controls show the server's own message when an upload is refused
 * for the profile's storage quota (413) or the account's upload budget (429).
 */
const BUDGET = 'Too many requests. Please try again in 1800 seconds.';

/** The upload requests, answered with `answer`. */
let answer: { status: number; body: unknown };
const { FakeXhr, sent } = fakeXhr(() => answer);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const provider = {
  id: 'p-1',
  slug: 'acme-solar',
  userId: 'u-1',
  businessName: 'Acme Solar',
  claimApproved: true,
  rating: null,
  verifiedAccreditations: [],
  trust: { companyNumber: null, companyCheck: null, accreditations: [], rating: null, reviews: [], responseTime: null, publicContracts: [], publicContractCount: 0, madeFromAward: false },
  claimed: true,
  mediaFiles: [],
} as unknown as Provider;

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown) => {
      const url = String(input);
      if (url.startsWith('/api/auth/me'))
        return json({ success: true, data: { id: 'u-1', name: 'Owner', email: 'o@example.com', phone: null, company: 'Acme', type: 'provider', is_admin: false, createdAt: '' } });
      if (url.startsWith('/api/providers/acme-solar')) return json(provider);
      return json({ success: false, message: 'not found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('upload controls show the server message (issue 14)', () => {
  it.each([
    ['logo', 413, M.storageQuota, 'logo-input', '/api/providers/p-1/logo'],
    ['cover', 429, BUDGET, 'cover-input', '/api/providers/p-1/cover-image'],
  ] as const)('a refused %s upload (%i) shows the message the server sent', async (kind, status, message, testId, url) => {
    answer = { status, body: { success: false, message } };
    render(
      <QueryClientProvider client={client()}>
        <ImageUploadButton providerId="p-1" kind={kind} hasImage={false} />
        <Toaster />
      </QueryClientProvider>,
    );
    await userEvent.setup().upload(screen.getByTestId(testId), png('picture.png'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(kind === 'logo' ? M.logoFailed : M.coverFailed)).not.toBeInTheDocument();
    expect(sent.map((s) => s.url)).toEqual([url]);
    // The button is usable again for the next try.
    expect(screen.getByRole('button', { name: kind === 'logo' ? 'Add logo' : 'Add Cover' })).toBeEnabled();
  });

  it('after a failed logo upload, choosing the same file again uploads it again', async () => {
    answer = { status: 500, body: { success: false, message: 'Disk full' } };
    render(
      <QueryClientProvider client={client()}>
        <ImageUploadButton providerId="p-1" kind="logo" hasImage={false} />
        <Toaster />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const file = png('logo.png');
    await user.upload(screen.getByTestId('logo-input'), file);
    expect(await screen.findByText('Disk full')).toBeInTheDocument();
    expect(screen.getByTestId('logo-input')).toHaveValue('');
    await user.upload(screen.getByTestId('logo-input'), file);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
  });

  it.each([
    [413, M.storageQuota],
    [429, BUDGET],
  ] as const)('a refused media upload (%i) shows the message the server sent', async (status, message) => {
    answer = { status, body: { success: false, message } };
    const router = createMemoryRouter([{ path: '/providers/:id/media', element: <ProviderMediaPage /> }], {
      initialEntries: ['/providers/acme-solar/media'],
    });
    render(
      <QueryClientProvider client={client()}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(M.mediaHint)).toBeInTheDocument();
    await userEvent.setup().upload(screen.getByLabelText('Choose files to upload'), [png('a.png'), png('b.png')]);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(M.filesUploaded)).not.toBeInTheDocument();
    expect(screen.queryByText(M.filesFailed)).not.toBeInTheDocument();
    expect(sent.map((s) => s.form.getAll('files').length)).toEqual([2]);
  });
});
