import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginBody, SignupBody } from '@solar/shared/contracts/accounts';
import type { UserType } from '@solar/shared/constants/accounts';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import { sendJson } from '../../../lib/api-client';
import { accountKeys } from './keys';

type UserEnvelope = { success: boolean; data: CurrentUser };
type MessageBody = { success: boolean; message: string };

/** docs/product/accounts.md#sign-in: a login answer without success or data is 'Invalid response format'. */
function userFrom(body: unknown): CurrentUser {
  const envelope = body as Partial<UserEnvelope> | null;
  if (!envelope || envelope.success !== true || !envelope.data) throw new Error(M.invalidResponse);
  return envelope.data;
}

/** Signing in or up starts from a clean cache, then seeds the current user (docs/product/accounts.md#sign-in). */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: CurrentUser) => {
    queryClient.clear();
    queryClient.setQueryData(accountKeys.me, user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: LoginBody) => userFrom(await sendJson<unknown>('POST', '/api/auth/login', body)),
    onSuccess: signedIn,
  });
}

export function useSignup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: SignupBody) => userFrom(await sendJson<unknown>('POST', '/api/auth/signup', body)),
    onSuccess: signedIn,
  });
}

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => sendJson<MessageBody>('POST', '/api/auth/forgot-password', { email }) });

export const useValidateToken = () =>
  useMutation({ mutationFn: (token: string) => sendJson<{ success: boolean }>('POST', '/api/auth/validate-token', { token }) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; newPassword: string }) => sendJson<MessageBody>('POST', '/api/auth/reset-password', body),
  });

/** Settings mutations answer with the updated user, which replaces the cached one. */
function useUserMutation<T>(send: (input: T) => Promise<UserEnvelope>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => userFrom(await send(input)),
    onSuccess: (user) => queryClient.setQueryData(accountKeys.me, user),
  });
}

export const useUpdateDetails = () =>
  useUserMutation((body: { name?: string; company?: string }) => sendJson<UserEnvelope>('PATCH', '/api/auth/update-details', body));

export const useUpdateType = () => useUserMutation((type: UserType) => sendJson<UserEnvelope>('POST', '/api/auth/update-type', { type }));

export const useRequestDeletion = () =>
  useUserMutation((reason: string | undefined) => sendJson<UserEnvelope>('POST', '/api/auth/request-deletion', reason ? { reason } : {}));
