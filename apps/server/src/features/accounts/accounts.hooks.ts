import type { Db } from '../../db/client';

export interface SignupProviderHookInput {
  userId: string;
  providerId: string;
  /** The claimant's name and company, for the claim record. */
  name: string;
  company: string;
}

/**
 * Sign-up with a `providerId` (decision 0102): the accounts feature records the intent in
 * `signup_claim_intents`; the providers feature registers a hook here that files the pending claim
 * inside the same transaction as the new account. A hook that throws rolls the sign-up back, so a
 * hook should ignore unknown or already-claimed providers rather than throw.
 */
export type SignupProviderHook = (tx: Db, input: SignupProviderHookInput) => Promise<void>;

const hooks: SignupProviderHook[] = [];

export function onSignupWithProvider(hook: SignupProviderHook) {
  if (!hooks.includes(hook)) hooks.push(hook);
}

export const signupProviderHooks = (): readonly SignupProviderHook[] => hooks;
