import { describe, expect, it, vi, afterEach } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ACCOUNT_MESSAGES as M, BLOCKED_EMAIL_DOMAINS } from '@solar/shared/constants/accounts';
import { TEXT_MESSAGES } from '@solar/shared/constants/text';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { LoginForm } from './login-form';
import { SettingsTab } from './settings-tab';
import { SignupForm } from './signup-form';
import { Toaster } from '../../../components/ui/toaster';
import { config } from '../../../lib/config';
import { renderWithProviders as renderAt } from '../../../test/render';

/** The forms at any path, with the sign-in pages they may send a visitor to. */
const renderWithProviders = (ui: ReactNode) =>
  renderAt(ui, {
    routes: [
      { path: '/auth', element: <p>sign-in page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
  });

afterEach(() => vi.unstubAllGlobals());

describe('SignupForm', () => {
  it('shows each rule message under its field as the user types', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupForm />);
    const email = screen.getByLabelText('Business email');
    await user.type(email, 'nope');
    expect(await screen.findByText(M.invalidEmail)).toBeInTheDocument();
    for (const domain of BLOCKED_EMAIL_DOMAINS) {
      await user.clear(email);
      await user.type(email, `ada@${domain}`);
      expect(await screen.findByText(M.businessEmail)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('Full name'), 'A');
    expect(await screen.findByText(M.nameMin)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Company name'), 'B');
    expect(await screen.findByText(M.companyMin)).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    const cases: Array<[string, string]> = [
      ['Ab1', M.passwordMin],
      ['lowercase123', M.passwordUpper],
      ['UPPERCASE123', M.passwordLower],
      ['NoDigitsHere', M.passwordDigit],
      ['Password123', M.passwordTooCommon],
    ];
    for (const [value, message] of cases) {
      await user.clear(password);
      await user.type(password, value);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('Confirm password'), 'Different9x');
    expect(await screen.findByText(M.passwordsDontMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Account type')).toHaveValue('provider');
  });

  it('hides the type selector when the type is fixed, sends the trimmed lower-cased email without confirmPassword', async () => {
    const user = userEvent.setup();
    let resolve: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    renderWithProviders(<SignupForm fixedType="representative" onSuccess={onSuccess} />);
    expect(screen.queryByLabelText('Account type')).toBeNull();
    await user.type(screen.getByLabelText('Business email'), '  Ada@Acme-Solar.co.uk ');
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Company name'), 'Acme Solar');
    await user.type(screen.getByLabelText('Password'), 'SolarPanel42x');
    await user.type(screen.getByLabelText('Confirm password'), 'SolarPanel42x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@acme-solar.co.uk',
      name: 'Ada Lovelace',
      company: 'Acme Solar',
      password: 'SolarPanel42x',
      type: 'representative',
    });
    const user1 = { id: '1', name: 'Ada Lovelace', email: 'ada@acme-solar.co.uk', phone: null, company: 'Acme Solar', type: 'representative', is_admin: false, createdAt: '' };
    resolve(new Response(JSON.stringify({ success: true, data: user1 }), { status: 201 }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user1));
  });
});

describe('LoginForm', () => {
  it('validates on change with the spec messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(await screen.findByText(M.invalidEmail)).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'a');
    await user.clear(password);
    expect(await screen.findByText(M.passwordRequired)).toBeInTheDocument();
  });

  it("shows the server's 'try again in N seconds' while sign-in is throttled (decision 0336)", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, message: M.loginThrottled(8) }), { status: 429 })));
    render(<Toaster />);
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ada@acme-solar.co.uk');
    await user.type(screen.getByLabelText('Password'), 'SolarPanel42x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many failed sign-in attempts. Please try again in 8 seconds.')).toBeInTheDocument();
  });
});

describe('names with invisible characters (decision 0338)', () => {
  const RLO = '\u202E';
  const ZWSP = '\u200B';

  it('the sign-up form refuses a bidi override in the name and a zero-width space in the company, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SignupForm />);
    await user.type(screen.getByLabelText('Business email'), 'ada@acme-solar.co.uk');
    await user.click(screen.getByLabelText('Full name'));
    await user.paste(`Ada ${RLO}ecalovol`);
    expect(await screen.findByText(TEXT_MESSAGES.invisibleCharacters('Name'))).toBeInTheDocument();
    await user.click(screen.getByLabelText('Company name'));
    await user.paste(`Acme${ZWSP} Solar`);
    expect(await screen.findByText(TEXT_MESSAGES.invisibleCharacters('Company name'))).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'SolarPanel42x');
    await user.type(screen.getByLabelText('Confirm password'), 'SolarPanel42x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the settings tab refuses them in Full Name and Company Name before saving', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const me: CurrentUser = { id: '1', name: 'Ada Lovelace', email: 'ada@acme-solar.co.uk', phone: null, company: 'Acme Solar', type: 'provider', is_admin: false, createdAt: '', emailVerified: true };
    renderWithProviders(<SettingsTab user={me} />);
    for (const [label, message] of [
      ['Full Name', TEXT_MESSAGES.invisibleCharacters('Name')],
      ['Company Name', TEXT_MESSAGES.invisibleCharacters('Company name')],
    ] as const) {
      await user.click(screen.getByRole('button', { name: `Edit ${label}` }));
      const input = screen.getByLabelText(label);
      await user.clear(input);
      await user.paste(`Evil${RLO}gnp.exe`);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('SettingsTab after a deletion request', () => {
  it("'Contact support' is a link to the configured contact page, in a new tab (issue 19)", () => {
    const me: CurrentUser = {
      id: '1',
      name: 'Ada Lovelace',
      email: 'ada@acme-solar.co.uk',
      phone: null,
      company: 'Acme Solar',
      type: 'provider',
      is_admin: false,
      createdAt: '',
      emailVerified: true,
      deletionRequestedAt: '2026-11-20T09:00:00.000Z',
    };
    renderWithProviders(<SettingsTab user={me} />);
    const link = screen.getByRole('link', { name: /Contact support/ });
    expect(link).toHaveAttribute('href', config.links.contact);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
