import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  checkProviderName,
  claimProvider,
  createProvider,
  deleteProviderMedia,
  getProvider,
  inviteProvider,
  listProviders,
  listProviderNames,
  listUserProviders,
  searchProviders,
  updateProvider,
  updateProviderPlace,
  uploadProviderCover,
  uploadProviderLogo,
  uploadProviderMedia,
} from '@solar/shared/contracts/providers';
import { MEDIA_MAX_FILES, PROVIDER_INVITE_LIMITS, PROVIDER_MESSAGES as M, PROVIDER_UPLOAD_BUDGET } from '@solar/shared/constants/providers';
import { sendCachedJson } from '../../platform/read-cache';
import { onSignupWithProvider } from '../accounts/accounts.hooks';
import { bind } from '../../plugins/routes';
import { perAccount, perIp } from '../../plugins/rate-limit';
import { requireEditableProvider } from './provider-access.service';
import { inviteProvider as sendProviderInvitation } from './provider-invitations.service';
import { claimAtSignup, claimProvider as fileProviderClaim } from './provider-claims.service';
import { addMedia, COVER_RULE, deleteMedia, LOGO_RULE, MEDIA_RULE, setProviderImage } from './provider-media.service';
import { listProviderNames as listNames, searchProvidersJson } from './provider-search.service';
import * as service from './providers.service';
import { readManyFiles, readSingleFile } from './providers.uploads';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Claims and uploads are rate limited per IP and per account (docs/security.md#the-stacks-defaults). */
const claimLimits = [perIp('provider-claim-ip', 30, HOUR), perAccount('provider-claim-user', 10, HOUR)];
/**
 * One upload budget for the logo, cover and media routes together (decision 0331): the same limit
 * names on the three routes share their counters, keyed on the account's user id (every session
 * of the account counts against it; decision 0334) and on the client address.
 */
const uploadLimits = [
  perIp('provider-upload-ip', PROVIDER_UPLOAD_BUDGET.perIpPerHour, HOUR),
  perAccount('provider-upload-user', PROVIDER_UPLOAD_BUDGET.perAccountPerHour, HOUR),
];

export async function providersRoutes(app: FastifyInstance) {
  // A sign-up with providerId files the pending claim in the sign-up transaction (decisions 0102, 0148).
  onSignupWithProvider(claimAtSignup);
  await app.register(async (scope) => {
    // Multipart only for this feature's upload routes; per-route limits are set where parts are read.
    await scope.register(multipart, {
      limits: { fileSize: 5 * 1024 * 1024, files: MEDIA_MAX_FILES, fields: 10, parts: 30 },
    });

    bind(scope, listProviders, async ({ query }) => ({
      success: true as const,
      data: await service.listProviders(scope.ctx, query.page, query.limit),
    }));
    bind(scope, searchProviders, async ({ query }, reply) =>
      sendCachedJson(reply, await searchProvidersJson(scope.ctx, query)),
    );
    bind(scope, listProviderNames, async ({ query }) => ({ success: true as const, data: await listNames(scope.ctx, query.q) }));
    bind(scope, checkProviderName, async ({ query }) => ({
      success: true as const,
      ...(await service.checkName(scope.ctx, query.name)),
    }));
    bind(scope, getProvider, async ({ params, user }, reply) =>
      user ? service.getProvider(scope.ctx, params.id, user) : sendCachedJson(reply, await service.publicProfileJson(scope.ctx, params.id)),
    );
    bind(scope, updateProvider, async ({ params, body, user }) =>
      service.updateProvider(scope.ctx, user!, params.id, body),
    );
    bind(scope, createProvider, async ({ body, user }, reply) => {
      const data = await service.createProvider(scope.ctx, user!, body);
      return reply.code(201).send({ success: true as const, data });
    });
    bind(
      scope,
      claimProvider,
      async ({ params, body, user }, reply) => {
        const data = await fileProviderClaim(scope.ctx, user!, params.id, body);
        return reply.code(201).send({ success: true as const, message: M.claimSubmitted, data });
      },
      { limits: claimLimits },
    );
    bind(
      scope,
      uploadProviderLogo,
      async (request) => {
        // Permission first, so a refused caller's file is never read or stored.
        await requireEditableProvider(scope.ctx, request.user!, request.params.id);
        const file = await readSingleFile(request as unknown as FastifyRequest, uploadProviderLogo, 'logo', LOGO_RULE);
        const logoUrl = await setProviderImage(scope.ctx, request.user!, request.params.id, 'logo', file);
        return { success: true as const, logoUrl, message: M.logoUploaded };
      },
      { limits: uploadLimits },
    );
    bind(
      scope,
      uploadProviderCover,
      async (request) => {
        await requireEditableProvider(scope.ctx, request.user!, request.params.id);
        const file = await readSingleFile(request as unknown as FastifyRequest, uploadProviderCover, 'coverImage', COVER_RULE);
        const imageUrl = await setProviderImage(scope.ctx, request.user!, request.params.id, 'coverImage', file);
        return { success: true as const, imageUrl, message: M.coverUploaded };
      },
      { limits: uploadLimits },
    );
    bind(
      scope,
      uploadProviderMedia,
      async (request, reply) => {
        const row = await requireEditableProvider(scope.ctx, request.user!, request.params.id);
        const files = await readManyFiles(request as unknown as FastifyRequest, MEDIA_RULE);
        const data = await addMedia(scope.ctx, request.user!, row, files);
        return reply.code(201).send({ success: true as const, message: M.filesUploaded, data });
      },
      { limits: uploadLimits },
    );
    bind(scope, deleteProviderMedia, async ({ params, user }) => {
      await deleteMedia(scope.ctx, user!, params.id, params.fileId);
      return { success: true as const, message: M.fileDeleted };
    });
    bind(
      scope,
      inviteProvider,
      async ({ body, user }, reply) => {
        const { message } = await sendProviderInvitation(scope.ctx, user!, body);
        return reply.code(201).send({ success: true as const, message });
      },
      // The per-account daily count is also kept in the database (provider-invitations.service.ts).
      { limits: [perIp('provider-invite-ip', PROVIDER_INVITE_LIMITS.perIpPerDay, DAY), perAccount('provider-invite-user', PROVIDER_INVITE_LIMITS.perAccountPerDay, DAY)] },
    );
    bind(scope, updateProviderPlace, async ({ params, body, user }) => ({
      success: true as const,
      data: await service.updatePlace(scope.ctx, user!, params.id, body),
    }));
    bind(scope, listUserProviders, async ({ params, user }, reply) =>
      sendCachedJson(reply, await service.userProvidersJson(scope.ctx, user!, params.userId)),
    );
  });
}
