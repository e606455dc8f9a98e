import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TenderResponseBody, UpdateTenderBody } from '@solar/shared/contracts/tender-lifecycle';
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
  listTenderQuestions,
  listTenderResponses,
  publishTender,
  requestTenderClarification,
  shortlistTenderResponse,
  submitTenderResponse,
  updateTender,
  uploadTenderDocuments,
  uploadTenderResponseAttachments,
  withdrawTenderResponse,
} from '@solar/shared/contracts/routes';
import { api, apiFor, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** The tender lifecycle's calls (docs/product/tenders.md#lifecycle). Every read is 404 to callers the server does not allow. */

export const lifecycleKeys = {
  documents: (id: string) => ['tenders', 'detail', id, 'documents'] as const,
  questions: (id: string) => ['tenders', 'detail', id, 'questions'] as const,
  responses: (id: string) => ['tenders', 'detail', id, 'responses'] as const,
  myResponses: (id: string) => ['tenders', 'detail', id, 'my-responses'] as const,
  invitations: (id: string) => ['tenders', 'detail', id, 'email-invitations'] as const,
  events: (id: string) => ['tenders', 'detail', id, 'events'] as const,
};

export type TenderDocumentList = ApiOutput<typeof listTenderDocuments>['data'];
export type TenderResponses = ApiOutput<typeof listTenderResponses>['data'];
export type MyResponses = ApiOutput<typeof getMyTenderResponses>['data'];

export const useTenderDocuments = (id: string, enabled = true) =>
  useQuery({ queryKey: lifecycleKeys.documents(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderDocuments, { params: { id } })).data, enabled });
export const useTenderQuestions = (id: string, enabled = true) =>
  useQuery({ queryKey: lifecycleKeys.questions(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderQuestions, { params: { id } })).data, enabled });
export const useTenderResponses = (id: string, enabled = true) =>
  useQuery({ queryKey: lifecycleKeys.responses(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderResponses, { params: { id } })).data, enabled });
export const useMyTenderResponses = (id: string, enabled = true) =>
  useQuery({ queryKey: lifecycleKeys.myResponses(id), queryFn: async ({ client }) => (await apiFor(client).call(getMyTenderResponses, { params: { id } })).data, enabled });
export const useTenderEmailInvitations = (id: string, enabled = true) =>
  useQuery({ queryKey: lifecycleKeys.invitations(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderEmailInvitations, { params: { id } })).data, enabled });

/** The audit of state changes and edits: the owner and admins only (404 to anyone else). */
export const useTenderEvents = (id: string, enabled = true) =>
  useQuery({ queryKey: lifecycleKeys.events(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderEvents, { params: { id } })).data, enabled });

export const documentUrl = (id: string, documentId: string) => api.url(downloadTenderDocument, { params: { id, documentId } });
export const attachmentUrl = (id: string, responseId: string, attachmentId: string) =>
  api.url(downloadTenderResponseAttachment, { params: { id, responseId, attachmentId } });

const filesForm = (files: File[]) => {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return form;
};

/** Every lifecycle mutation refreshes the tender and its parts (and the dashboard lists). */
function useLifecycleMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: tenderKeys.all }) });
}

export type OwnerAction =
  | { kind: 'publish' }
  | { kind: 'close' }
  | { kind: 'extend'; closingDate: string }
  | { kind: 'cancel'; reason: string }
  | { kind: 'award'; responseId: string }
  | { kind: 'edit'; body: UpdateTenderBody };

export function useOwnerAction(id: string) {
  return useLifecycleMutation(async (action: OwnerAction) => {
    const params = { id };
    switch (action.kind) {
      case 'publish':
        return api.call(publishTender, { params });
      case 'close':
        return api.call(closeTenderEarly, { params });
      case 'extend':
        return api.call(extendTender, { params, body: { closingDate: action.closingDate } });
      case 'cancel':
        return api.call(cancelTender, { params, body: { reason: action.reason } });
      case 'award':
        return api.call(awardTender, { params, body: { responseId: action.responseId } });
      case 'edit':
        return api.call(updateTender, { params, body: action.body });
    }
  });
}

export const useUploadDocuments = () =>
  useLifecycleMutation(async ({ id, files }: { id: string; files: File[] }) => api.sendJson<ApiOutput<typeof uploadTenderDocuments>>('POST', api.url(uploadTenderDocuments, { params: { id } }), filesForm(files)));
export const useDeleteDocument = (id: string) => useLifecycleMutation(async (documentId: string) => api.call(deleteTenderDocument, { params: { id, documentId } }));

export const useSubmitResponse = (id: string) => useLifecycleMutation(async (body: TenderResponseBody) => api.call(submitTenderResponse, { params: { id }, body }));
export const useUploadAttachments = (id: string) =>
  useLifecycleMutation(async ({ responseId, files }: { responseId: string; files: File[] }) =>
    api.sendJson<ApiOutput<typeof uploadTenderResponseAttachments>>('POST', api.url(uploadTenderResponseAttachments, { params: { id, responseId } }), filesForm(files)),
  );
export const useWithdrawResponse = (id: string) => useLifecycleMutation(async (responseId: string) => api.call(withdrawTenderResponse, { params: { id, responseId } }));
export const useDeleteAttachment = (id: string) =>
  useLifecycleMutation(async ({ responseId, attachmentId }: { responseId: string; attachmentId: string }) =>
    api.call(deleteTenderResponseAttachment, { params: { id, responseId, attachmentId } }),
  );
export const useShortlist = (id: string) =>
  useLifecycleMutation(async ({ responseId, shortlisted }: { responseId: string; shortlisted: boolean }) =>
    api.call(shortlistTenderResponse, { params: { id, responseId }, body: { shortlisted } }),
  );
export const useClarification = (id: string) =>
  useLifecycleMutation(async ({ responseId, message }: { responseId: string; message: string }) =>
    api.call(requestTenderClarification, { params: { id, responseId }, body: { message } }),
  );

export const useAskQuestion = (id: string) => useLifecycleMutation(async (question: string) => api.call(askTenderQuestion, { params: { id }, body: { question } }));
export const useAnswerQuestion = (id: string) =>
  useLifecycleMutation(async ({ questionId, answer }: { questionId: string; answer: string }) => api.call(answerTenderQuestion, { params: { id, questionId }, body: { answer } }));

export const useInviteEmails = (id: string) => useLifecycleMutation(async (emails: string[]) => api.call(inviteTenderEmails, { params: { id }, body: { emails } }));
export const useAcceptInvitation = () => useLifecycleMutation(async (token: string) => (await api.call(acceptTenderInvitation, { body: { token } })).data);
