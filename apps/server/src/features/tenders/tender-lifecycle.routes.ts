import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  acceptTenderInvitation,
  answerTenderQuestion,
  askTenderQuestion,
  awardTender,
  cancelTender,
  closeTenderEarly,
  deleteTenderDocument,
  deleteTenderResponseAttachment,
  downloadTenderDocument,
  downloadTenderResponseAttachment,
  extendTender,
  getMyTenderResponses,
  inviteTenderEmails,
  listTenderDocuments,
  listTenderEmailInvitations,
  listTenderEvents,
  listTenderInvitedProviders,
  listTenderQuestions,
  listTenderResponses,
  previewTenderInvitation,
  publishTender,
  requestTenderClarification,
  shortlistTenderResponse,
  submitTenderResponse,
  updateTender,
  uploadTenderDocuments,
  uploadTenderResponseAttachments,
  withdrawTenderResponse,
} from '@solar/shared/contracts/tender-lifecycle';
import type { Tender } from '@solar/shared/contracts/tenders';
import { TENDER_DOCUMENTS_MAX_TOTAL_BYTES, TENDER_LIFECYCLE_RATE_LIMIT as L } from '@solar/shared/constants/tender-lifecycle';
import { bind } from '../../plugins/routes';
import { perAccount, perIp } from '../../plugins/rate-limit';
import { sendDownload } from '../../plugins/downloads';
import { readTenderFiles } from './tender-files';
import * as documents from './tender-documents.service';
import * as invitations from './tender-invitations.service';
import * as questions from './tender-questions.service';
import * as state from './tender-state.service';
import * as responses from './tender-responses.service';
import * as tenders from './tenders.service';

const HOUR = 3_600_000;

// Shared by name, so each is one budget across its routes (decision 0405).
const ownerLimits = { limits: [perAccount('tender-owner-account', L.ownerActionsPerAccountPerHour, HOUR)] };
const responseLimits = { limits: [perAccount('tender-response-account', L.responsesPerAccountPerHour, HOUR)] };
const uploadLimits = { limits: [perAccount('tender-upload-account', L.uploadsPerAccountPerHour, HOUR)] };

/** The tender lifecycle (issue 18): owner actions, documents, responses, questions, email invitations. */
export async function tenderLifecycleRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    // Multipart for the upload routes of this scope; the limits that matter are set where parts are read.
    await scope.register(multipart, { limits: { fileSize: TENDER_DOCUMENTS_MAX_TOTAL_BYTES, files: 11, fields: 5, parts: 20 } });
    const ctx = scope.ctx;

    bind(scope, updateTender, async ({ params, body, user }) => withData(await state.updateTender(ctx, user!, params.id, body)), ownerLimits);
    bind(scope, publishTender, async ({ params, user }) => withData(await tenders.publishTender(ctx, user!, params.id)), ownerLimits);
    bind(scope, extendTender, async ({ params, body, user }) => withData(await state.extendTender(ctx, user!, params.id, body.closingDate)), ownerLimits);
    bind(scope, closeTenderEarly, async ({ params, body, user }) => withData(await state.closeTenderEarly(ctx, user!, params.id, body.reason)), ownerLimits);
    bind(scope, cancelTender, async ({ params, body, user }) => withData(await state.cancelTender(ctx, user!, params.id, body.reason)), ownerLimits);
    bind(scope, awardTender, async ({ params, body, user }) => withData(await state.awardTender(ctx, user!, params.id, body.responseId, body.feedback, body.standstillDays)), ownerLimits);
    bind(scope, listTenderEvents, async ({ params, user }) => ({ success: true as const, data: await state.listEvents(ctx, user!, params.id) }));

    bind(scope, listTenderDocuments, async ({ params, user }) => ({ success: true as const, data: await documents.listDocuments(ctx, user!, params.id) }));
    bind(scope, uploadTenderDocuments, async (request, reply) => {
      const { params, user } = request;
      // Who may upload, and how much room is left, before a byte of the body is read.
      const room = await documents.documentRoom(ctx, user!, params.id);
      const files = await readTenderFiles(request as unknown as FastifyRequest, uploadTenderDocuments, room);
      const data = await documents.addDocuments(ctx, user!, params.id, files);
      return reply.code(201).send({ success: true as const, data });
    }, uploadLimits);
    bind(scope, downloadTenderDocument, async ({ params, user }, reply) => sendDownload(reply, await documents.openDocument(ctx, user!, params.id, params.documentId)));
    bind(scope, deleteTenderDocument, async ({ params, user }) => {
      await documents.deleteDocument(ctx, user!, params.id, params.documentId);
      return { success: true as const };
    }, ownerLimits);

    bind(scope, listTenderResponses, async ({ params, user }) => ({ success: true as const, ...(await responses.listResponses(ctx, user!, params.id)) }));
    bind(scope, getMyTenderResponses, async ({ params, user }) => ({ success: true as const, data: await responses.getMyResponses(ctx, user!, params.id) }));
    bind(scope, submitTenderResponse, async ({ params, body, user }) => ({ success: true as const, ...(await responses.submitResponse(ctx, user!, params.id, body)) }), responseLimits);
    bind(
      scope,
      withdrawTenderResponse,
      async ({ params, user }) => ({ success: true as const, ...(await responses.withdrawResponse(ctx, user!, params.id, params.responseId)) }),
      responseLimits,
    );
    bind(scope, uploadTenderResponseAttachments, async (request, reply) => {
      const { params, user } = request;
      const room = await responses.attachmentRoom(ctx, user!, params.id, params.responseId);
      const files = await readTenderFiles(request as unknown as FastifyRequest, uploadTenderResponseAttachments, room);
      const data = await responses.addAttachments(ctx, user!, params.id, params.responseId, files);
      return reply.code(201).send({ success: true as const, data });
    }, uploadLimits);
    bind(scope, downloadTenderResponseAttachment, async ({ params, user }, reply) =>
      sendDownload(reply, await responses.openAttachment(ctx, user!, params.id, params.responseId, params.attachmentId)),
    );
    bind(scope, deleteTenderResponseAttachment, async ({ params, user }) => {
      await responses.deleteAttachment(ctx, user!, params.id, params.responseId, params.attachmentId);
      return { success: true as const };
    }, responseLimits);
    bind(scope, shortlistTenderResponse, async ({ params, body, user }) => ({
      success: true as const,
      data: await responses.setShortlisted(ctx, user!, params.id, params.responseId, body.shortlisted),
    }), ownerLimits);
    bind(
      scope,
      requestTenderClarification,
      async ({ params, body, user }, reply) => reply.code(201).send(await responses.requestClarification(ctx, user!, params.id, params.responseId, body.message)),
      { limits: [perAccount('tender-clarification-account', L.questionsPerAccountPerHour, HOUR)] },
    );

    bind(scope, listTenderQuestions, async ({ params, user }) => ({ success: true as const, data: await questions.listQuestions(ctx, user!, params.id) }));
    bind(
      scope,
      askTenderQuestion,
      async ({ params, body, user }, reply) => reply.code(201).send({ success: true as const, ...(await questions.askQuestion(ctx, user!, params.id, body.question)) }),
      { limits: [perAccount('tender-question-account', L.questionsPerAccountPerHour, HOUR)] },
    );
    bind(scope, answerTenderQuestion, async ({ params, body, user }) => ({
      success: true as const,
      ...(await questions.answerQuestion(ctx, user!, params.id, params.questionId, body.answer)),
    }), ownerLimits);

    bind(scope, listTenderInvitedProviders, async ({ params, user }) => ({ success: true as const, data: await invitations.listInvitedProviders(ctx, user!, params.id) }));
    bind(scope, listTenderEmailInvitations, async ({ params, user }) => ({ success: true as const, data: await invitations.listEmailInvitations(ctx, user!, params.id) }));
    bind(
      scope,
      inviteTenderEmails,
      async ({ params, body, user }, reply) => reply.code(201).send({ success: true as const, ...(await invitations.inviteByEmail(ctx, user!, params.id, body.emails)) }),
      { limits: [perAccount('tender-invite-account', L.invitesPerAccountPerHour, HOUR)] },
    );
    bind(scope, previewTenderInvitation, async ({ body }) => ({ success: true as const, data: await invitations.previewInvitation(ctx, body.token) }), {
      limits: [perIp('tender-invite-preview-ip', L.invitationPreviewsPerIpPerHour, HOUR)],
    });
    bind(scope, acceptTenderInvitation, async ({ body, user }) => ({ success: true as const, data: await invitations.acceptInvitation(ctx, user!, body.token) }), {
      limits: [perAccount('tender-accept-account', L.invitationRedemptionsPerAccountPerHour, HOUR)],
    });
  });
}

function withData(result: { tender: Tender; message: string }) {
  return { success: true as const, message: result.message, data: result.tender };
}
