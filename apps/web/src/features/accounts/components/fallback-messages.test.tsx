import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import { Toaster } from '../../../components/ui/toaster';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/** A failure whose body carries no message: the screen must show the call's own text (decision 0353). */
const noMessage = () => vi.fn(async () => new Response(JSON.stringify({ success: false }), { status: 500, headers: { 'content-type': 'application/json' } }));

function renderScreen(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '*', element: <>{ui}<Toaster /></> }])} />
    </QueryClientProvider>,
  );
}

async function fillSignup(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Business email'), 'ada@acme-solar.co.uk');
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Company name'), 'Acme Solar');
  await user.type(screen.getByLabelText('Password'), 'SolarPanel42x');
  await user.type(screen.getByLabelText('Confirm password'), 'SolarPanel42x');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

afterEach(() => vi.unstubAllGlobals());

describe("the accounts calls' own failure texts when the server sends no message (decision 0353)", () => {
  it("sign-in: 'Invalid email or password', not 'An error occurred'", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', noMessage());
    renderScreen(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ada@acme-solar.co.uk');
    await user.type(screen.getByLabelText('Password'), 'SolarPanel42x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(M.invalidCredentials)).toBeInTheDocument();
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it("sign-up page: 'Registration failed'", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', noMessage());
    renderScreen(<SignupForm />);
    await fillSignup(user);
    expect(await screen.findByText(M.registrationFailed)).toBeInTheDocument();
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it("the embedded sign-up (provider landing page): 'Failed to create account'", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', noMessage());
    renderScreen(<SignupForm variant="embedded" fixedType="provider" />);
    await fillSignup(user);
    expect(await screen.findByText(M.createAccountFailed)).toBeInTheDocument();
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it("password reset request: 'Failed to send reset email'", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', noMessage());
    renderScreen(<ResetPasswordPage />);
    await user.type(screen.getByLabelText('Email'), 'ada@acme-solar.co.uk');
    await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));
    expect(await screen.findByText(M.resetEmailFailed)).toBeInTheDocument();
    expect(screen.queryByText('An error occurred')).toBeNull();
  });

  it("the server's own message still wins", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'An account with this email already exists' }), { status: 409 })));
    renderScreen(<SignupForm />);
    await fillSignup(user);
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });
});
