import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  completeQuote,
  createQuote,
  downloadQuoteAttachment,
  getQuote,
  listReceivedQuotes,
  listSentQuotes,
  listWaitingQuotes,
  replyToQuote,
} from '@solar/shared/contracts/quotes';
import { QUOTE_ATTACHMENT_MAX_BYTES, QUOTE_RATE_LIMIT } from '@solar/shared/constants/quotes';
import { bind } from '../../plugins/routes';
import { perAccount, perIp } from '../../plugins/rate-limit';
import * as service from './quotes.service';
import { readQuoteUpload } from './quotes.uploads';
import { sendDownload } from '../../plugins/downloads';

const HOUR = 3_600_000;
/** Quote submission is limited per account and per IP (docs/security.md#the-stacks-defaults; docs/decisions/0254). */
const submitLimits = [perIp('quote-submit-ip', QUOTE_RATE_LIMIT.perIpPerHour, HOUR), perAccount('quote-submit-user', QUOTE_RATE_LIMIT.perUserPerHour, HOUR)];

export async function quotesRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    // Multipart for this feature's routes only; the limits that matter are set where parts are read.
    await scope.register(multipart, { limits: { fileSize: QUOTE_ATTACHMENT_MAX_BYTES, files: 2, fields: 20, parts: 30 } });

    bind(
      scope,
      createQuote,
      async (request, reply) => {
        const upload = await readQuoteUpload(request as unknown as FastifyRequest);
        const { quote, message } = await service.createQuote(scope.ctx, request.user!, upload);
        return reply.code(201).send({ success: true as const, message, data: quote });
      },
      { limits: submitLimits },
    );
    bind(scope, listReceivedQuotes, async ({ query, user }) => service.listReceivedQuotes(scope.ctx, user!, query));
    bind(scope, listSentQuotes, async ({ query, user }) => service.listSentQuotes(scope.ctx, user!, query));
    bind(scope, listWaitingQuotes, async ({ query, user }) => service.listWaitingQuotes(scope.ctx, user!, query));
    bind(scope, getQuote, async ({ params, user }) => ({ success: true as const, data: await service.getQuote(scope.ctx, user!, params.id) }));
    bind(scope, replyToQuote, async ({ params, body, user }) => ({
      success: true as const,
      data: await service.replyToQuote(scope.ctx, user!, params.id, body),
    }));
    bind(scope, completeQuote, async ({ params, user }) => ({ success: true as const, data: await service.completeQuote(scope.ctx, user!, params.id) }));
    bind(scope, downloadQuoteAttachment, async ({ params, user }, reply) => {
      const file = await service.openAttachment(scope.ctx, user!, params.id, params.attachmentId);
      return sendDownload(reply, file);
    });
  });
}
