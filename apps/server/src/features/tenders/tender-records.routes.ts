import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { TENDER_DOCUMENTS_MAX_TOTAL_BYTES, TENDER_LIFECYCLE_RATE_LIMIT as L } from '@solar/shared/constants/tender-lifecycle';
import {
  confirmTenderContract,
  downloadTenderLetter,
  downloadTenderRecords,
  getTenderContract,
  issueTenderAddendum,
  listTenderAddenda,
  listTenderClarifications,
  publishTenderClarification,
  replyTenderClarification,
} from '@solar/shared/contracts/tender-records';
import { bind } from '../../plugins/routes';
import { perAccount } from '../../plugins/rate-limit';
import { contentDisposition } from '../../plugins/downloads';
import { readTenderUpload } from './tender-files';
import * as addenda from './tender-addenda.service';
import * as log from './tender-clarifications.service';
import * as contracts from './tender-contracts.service';
import * as records from './tender-records.service';

const HOUR = 3_600_000;

// The lifecycle's budgets, shared by name (decision 0405): owner actions, uploads, questions.
const ownerLimits = { limits: [perAccount('tender-owner-account', L.ownerActionsPerAccountPerHour, HOUR)] };
const uploadLimits = { limits: [perAccount('tender-upload-account', L.uploadsPerAccountPerHour, HOUR)] };
const logLimits = { limits: [perAccount('tender-question-account', L.questionsPerAccountPerHour, HOUR)] };

/** A generated file: always an attachment, never sniffed, never cached. */
const download = (reply: import('fastify').FastifyReply, file: { filename: string; contentType: string; body: unknown }) =>
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.filename))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.body);

/** Issue 27 part C: the clarification log, addenda, the contract after the award, letters and records. */
export async function tenderRecordsRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: TENDER_DOCUMENTS_MAX_TOTAL_BYTES, files: 11, fields: 5, parts: 20 } });
    const ctx = scope.ctx;

    bind(scope, listTenderClarifications, async ({ params, user }) => ({ success: true as const, data: await log.listClarifications(ctx, user!, params.id) }));
    bind(
      scope,
      publishTenderClarification,
      async ({ params, body, user }, reply) => reply.code(201).send({ success: true as const, ...(await log.publishNotice(ctx, user!, params.id, body.message)) }),
      ownerLimits,
    );
    bind(
      scope,
      replyTenderClarification,
      async ({ params, body, user }, reply) => reply.code(201).send({ success: true as const, ...(await log.replyToClarification(ctx, user!, params.id, params.entryId, body)) }),
      logLimits,
    );

    bind(scope, listTenderAddenda, async ({ params, user }) => ({ success: true as const, data: await addenda.listAddenda(ctx, user!, params.id) }));
    bind(scope, issueTenderAddendum, async (request, reply) => {
      const { params, user } = request;
      // Who may issue one, and how much room is left, before a byte of the body is read.
      const room = await addenda.addendumRoom(ctx, user!, params.id);
      const { files, fields } = await readTenderUpload(request as unknown as FastifyRequest, issueTenderAddendum, room);
      return reply.code(201).send({ success: true as const, ...(await addenda.issueAddendum(ctx, user!, params.id, files, fields)) });
    }, uploadLimits);

    bind(scope, getTenderContract, async ({ params, user }) => ({ success: true as const, data: await contracts.getContract(ctx, user!, params.id) }));
    bind(scope, confirmTenderContract, async ({ params, user }) => ({ success: true as const, ...(await contracts.confirmContract(ctx, user!, params.id)) }), ownerLimits);
    bind(scope, downloadTenderLetter, async ({ params, user }, reply) => {
      const letter = await contracts.openLetter(ctx, user!, params.id, params.responseId);
      return download(reply, { filename: letter.filename, contentType: 'application/pdf', body: letter.bytes });
    });
    bind(scope, downloadTenderRecords, async ({ params, user }, reply) => download(reply, await records.downloadRecords(ctx, user!, params.id, params.file)));
  });
}
