import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { TEXT_MESSAGES } from '@solar/shared/constants/text';
import { Toaster } from '../../../components/ui/toaster';
import { ClaimDialog } from './claim-dialog';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: () => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  answer = () => json({ success: true, message: 'ok', data: { id: 'c1', status: 'pending', kind: 'claim' } }, 201);
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The profile header's button and the dialog it opens. */
function Host() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Claim this profile</button>
      <ClaimDialog providerId="p-42" businessName="Acme Solar" open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Host />
      <Toaster />
    </QueryClientProvider>,
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Claim this profile' }));
  return screen.findByRole('dialog', { name: 'Claim this profile' });
}

describe('claim dialog (docs/product/providers.md#claims)', () => {
  it("refuses an empty or blank role with 'Role is required' and sends nothing", async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/Acme Solar/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    expect(await within(dialog).findByText(M.roleRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your role at the company')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Your role at the company'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    expect(within(dialog).getByText(M.roleRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a role holding a right-to-left override and sends nothing (decision 0338)', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText('Your role at the company'));
    await user.paste('Director\u202E');
    await user.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    expect(await within(dialog).findByText(TEXT_MESSAGES.invisibleCharacters('Role'))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends role, message and force: true, toasts 'Claim Submitted' and closes", async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your role at the company'), ' Managing Director ');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'I founded the company.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    expect(await screen.findByText(M.claimSubmittedTitle)).toBeInTheDocument();
    expect(screen.getByText(M.claimSubmitted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/providers/p-42/claim');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      companyRole: 'Managing Director',
      message: 'I founded the company.',
      force: true,
    });
  });

  it("a failure keeps the dialog open with the server message, or 'Failed to submit claim' without one", async () => {
    const user = userEvent.setup();
    answer = () => json({ success: false, message: 'Too many requests, please try again later.' }, 429);
    renderDialog();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your role at the company'), 'Director');
    await user.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    expect(await screen.findByText('Too many requests, please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    expect(await screen.findByText(M.claimFailed)).toBeInTheDocument();
    expect(screen.queryByText(M.claimSubmittedTitle)).not.toBeInTheDocument();
  });

  it('an 8,000-character message is refused under the field with its limit, counted as it grows, and nothing is sent', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your role at the company'), 'Director');
    const message = within(dialog).getByLabelText('Message (optional)');
    expect(within(dialog).getByText('0 / 2,000 characters')).toBeInTheDocument();
    await user.click(message);
    await user.paste('x'.repeat(8_000));
    expect(within(dialog).getByText('8,000 / 2,000 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit claim' }));
    expect(await within(dialog).findByText('Message can be at most 2,000 characters')).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('closing the dialog puts focus back on the button that opened it', async () => {
    const user = userEvent.setup();
    renderDialog();
    await openDialog(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Claim this profile' })).toHaveFocus();
  });
});
