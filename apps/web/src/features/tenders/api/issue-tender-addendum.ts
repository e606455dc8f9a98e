import { issueTenderAddendum } from '@solar/shared/contracts/routes';
import { api, type ApiOutput } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner issues an addendum: a note, files, and optionally the current document the one file replaces (multipart). */
export const useIssueAddendum = (id: string) =>
  useTenderMutation(async ({ files, note, replaces }: { files: File[]; note: string; replaces?: string }) => {
    const form = new FormData();
    form.append('note', note);
    if (replaces) form.append('replaces', replaces);
    for (const file of files) form.append('files', file, file.name);
    return api.sendJson<ApiOutput<typeof issueTenderAddendum>>('POST', api.url(issueTenderAddendum, { params: { id } }), form);
  });
