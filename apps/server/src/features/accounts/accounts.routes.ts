import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cancelDeletion,
  forgotPassword,
  getMe,
  login,
  logout,
  requestDeletion,
  resendVerification,
  resetPassword,
  signup,
  updateDetails,
  updateType,
  validateToken,
  verifyEmail,
  welcomeEmail,
} from '@solar/shared/contracts/accounts';
import { ACCOUNT_MESSAGES as M, AUTH_LIMITS as L } from '@solar/shared/constants/accounts';
import { isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import { endSession, startSession } from '../../plugins/auth';
import { perAccount, perIp, type LimitSpec } from '../../plugins/rate-limit';
import { bind } from '../../plugins/routes';
import { toCurrentUser } from './accounts.mapper';
import { clientKey } from './login-throttle';
import {
  cancelAccountDeletion,
  createAccount,
  isResetTokenValid,
  rememberSignIn,
  requestAccountDeletion,
  requestPasswordReset,
  resendVerificationLink,
  resetPasswordWithToken,
  sendWelcomeAgain,
  signIn,
  updateUser,
  verifyEmailWithToken,
} from './accounts.service';

const byUser = (name: string, limit: { max: number; windowMs: number }) => perAccount(name, limit.max, limit.windowMs);

/** The requester's address and the email it names (decision 0421): one client asking again and again for one account. */
const byAddressAndEmail = (name: string, limit: { max: number; windowMs: number }): LimitSpec => ({
  name,
  ...limit,
  key: (request: FastifyRequest) => {
    const email = (request.body as { email?: string } | undefined)?.email?.trim().toLowerCase();
    return email ? `${clientKey(request.ip)}|${email}` : undefined;
  },
});

export function accountsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // The reset and verification pages carry a token in their address fragment: no referrer leaves them (issue 3).
  const TOKEN_PAGES = new Set(['/reset-password', '/verify-email']);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (TOKEN_PAGES.has(request.url.split(/[?#]/)[0]!)) reply.header('Referrer-Policy', 'no-referrer');
    done(null, payload);
  });

  bind(app, getMe, async ({ user }, reply) => {
    if (!user) return reply.code(401).send({ success: false, message: M.notSignedIn });
    return { success: true as const, data: toCurrentUser(user) };
  });

  bind(
    app,
    signup,
    async (request, reply) => {
      const user = await createAccount(ctx, request.body);
      await endSession(ctx, request as never, reply);
      await startSession(ctx, reply, user.id);
      await rememberSignIn(ctx, user.id, request.ip);
      reply.code(201);
      return { success: true as const, data: toCurrentUser(user) };
    },
    { limits: [perIp('signup', L.signupPerIp.max, L.signupPerIp.windowMs)], bodyLimit: 16 * 1024 },
  );

  bind(
    app,
    login,
    async (request, reply) => {
      const user = await signIn(ctx, request.body.email, request.body.password, request.ip);
      // A new session id at every sign-in; any session the browser presented is ended (no fixation).
      await endSession(ctx, request as never, reply);
      await startSession(ctx, reply, user.id);
      return { success: true as const, data: toCurrentUser(user) };
    },
    { limits: [perIp('login', L.loginPerIp.max, L.loginPerIp.windowMs)], bodyLimit: 16 * 1024 },
  );

  bind(app, logout, async (request, reply) => {
    await endSession(ctx, request as never, reply);
    return { success: true as const, message: M.logoutSuccess };
  });

  bind(
    app,
    welcomeEmail,
    async ({ user }) => {
      // The body's email, name and company are ignored.
      await sendWelcomeAgain(ctx, user!);
      return { success: true as const, message: M.welcomeSent };
    },
    { limits: [byUser('welcome-email', L.welcomePerAccount)], bodyLimit: 4 * 1024 },
  );

  bind(
    app,
    forgotPassword,
    async (request) => {
      const { body } = request;
      await requestPasswordReset(ctx, body.email, request.ip);
      return { success: true as const, message: M.forgotNeutral };
    },
    {
      limits: [perIp('forgot-password', L.forgotPerIp.max, L.forgotPerIp.windowMs), byAddressAndEmail('forgot-password-pair', L.forgotPerPair)],
      bodyLimit: 4 * 1024,
    },
  );

  bind(
    app,
    validateToken,
    async ({ body }) => {
      if (!(await isResetTokenValid(ctx, body.token))) throw new AppError('BAD_REQUEST', M.tokenExpired);
      return { success: true as const, data: { valid: true as const } };
    },
    { limits: [perIp('validate-token', L.validateTokenPerIp.max, L.validateTokenPerIp.windowMs)], bodyLimit: 4 * 1024 },
  );

  bind(
    app,
    resetPassword,
    async (request, reply) => {
      await resetPasswordWithToken(ctx, request.body.token, request.body.newPassword);
      // The caller's own session (if any) ended with all the others; clear its cookie too.
      await endSession(ctx, request as never, reply);
      return { success: true as const, message: M.passwordResetDone };
    },
    { limits: [perIp('reset-password', L.resetPerIp.max, L.resetPerIp.windowMs)], bodyLimit: 4 * 1024 },
  );

  bind(
    app,
    verifyEmail,
    async ({ body }) => {
      await verifyEmailWithToken(ctx, body.token);
      return { success: true as const, message: M.emailVerified };
    },
    { limits: [perIp('verify-email', L.verifyEmailPerIp.max, L.verifyEmailPerIp.windowMs)], bodyLimit: 4 * 1024 },
  );

  bind(
    app,
    resendVerification,
    async ({ user, body }) => {
      await resendVerificationLink(ctx, user!, body?.returnTo);
      return { success: true as const, message: M.verificationSent(user!.email) };
    },
    {
      limits: [perIp('resend-verification-ip', L.resendVerificationPerIp.max, L.resendVerificationPerIp.windowMs), byUser('resend-verification', L.resendVerificationPerAccount)],
      bodyLimit: 4 * 1024,
    },
  );

  bind(
    app,
    updateDetails,
    async ({ user, body }) => {
      const row = await updateUser(ctx, user!.id, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.company !== undefined && { company: body.company }),
      });
      return { success: true as const, data: toCurrentUser(row) };
    },
    { limits: [byUser('update-details', L.settingsPerAccount)], bodyLimit: 4 * 1024 },
  );

  bind(
    app,
    updateType,
    async ({ user, body }) => {
      const row = await updateUser(ctx, user!.id, { type: body.type });
      return { success: true as const, data: toCurrentUser(row) };
    },
    { limits: [byUser('update-type', L.settingsPerAccount)], bodyLimit: 4 * 1024 },
  );

  bind(
    app,
    requestDeletion,
    async ({ user, body }) => {
      const row = await requestAccountDeletion(ctx, user!, body?.reason);
      return { success: true as const, data: toCurrentUser(row) };
    },
    { limits: [byUser('request-deletion', L.settingsPerAccount)], bodyLimit: 4 * 1024 },
  );

  bind(app, cancelDeletion, async ({ user, params }) => {
    if (!isUuid(params.id)) throw new AppError('NOT_FOUND', M.noDeletionRequest);
    await cancelAccountDeletion(ctx, params.id, user!.id);
    return { success: true as const, message: 'Deletion request cancelled' };
  });
}
