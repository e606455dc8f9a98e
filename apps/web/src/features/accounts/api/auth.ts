import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginBody, SignupBody } from '@solar/shared/contracts/accounts';
import {
  forgotPassword,
  login,
  requestDeletion,
  resetPassword,
  signup,
  updateDetails,
  updateType,
  validateToken,
} from '@solar/shared/contracts/routes';
import type { UserType } from '@solar/shared/constants/accounts';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/get-me';

/** docs/product/accounts.md#sign-in: a login answer without success or data is 'Invalid response format'. */
function userFrom(body: unknown): CurrentUser {
  const envelope = body as { success?: unknown; data?: CurrentUser } | null;
  if (!envelope || envelope.success !== true || !envelope.data) throw new Error(M.invalidResponse);
  return envelope.data;
}

/** Signing in or up starts from a clean cache, then seeds the current user (docs/product/accounts.md#sign-in). */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: CurrentUser) => {
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.me, user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: LoginBody) => userFrom(await api.call(login, { body }, { fallback: M.invalidCredentials })),
    onSuccess: signedIn,
  });
}

/** `fallback`: 'Registration failed' on the sign-up page, 'Failed to create account' embedded (docs/product/accounts.md#sign-up). */
export function useSignup(fallback: string = M.registrationFailed) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: SignupBody) => userFrom(await api.call(signup, { body }, { fallback })),
    onSuccess: signedIn,
  });
}

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => api.call(forgotPassword, { body: { email } }, { fallback: M.resetEmailFailed }) });

export const useValidateToken = () => useMutation({ mutationFn: (token: string) => api.call(validateToken, { body: { token } }, { fallback: M.invalidToken }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: { token: string; newPassword: string }) => api.call(resetPassword, { body }, { fallback: M.resetFailed }) });

/** Settings mutations answer with the updated user, which replaces the cached one. */
function useUserMutation<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => userFrom(await send(input)),
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.me, user),
  });
}

export const useUpdateDetails = () => useUserMutation((body: { name?: string; company?: string }) => api.call(updateDetails, { body }));

export const useUpdateType = () => useUserMutation((type: UserType) => api.call(updateType, { body: { type } }));

export const useRequestDeletion = () => useUserMutation((reason: string | undefined) => api.call(requestDeletion, { body: reason ? { reason } : {} }));
