import type { FastifyInstance } from 'fastify';
import { getMe } from '@solar/shared/contracts/accounts';
import { ACCOUNT_MESSAGES } from '@solar/shared/constants/accounts';
import { bind } from '../../plugins/routes';
import { toCurrentUser } from './accounts.mapper';

export function accountsRoutes(app: FastifyInstance) {
  bind(app, getMe, async ({ user }, reply) => {
    if (!user) return reply.code(401).send({ success: false, message: ACCOUNT_MESSAGES.notSignedIn });
    return { success: true as const, data: toCurrentUser(user) };
  });
}
