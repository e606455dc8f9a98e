import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenderKeys } from './keys';

/** Every tender write refreshes the tender and its parts (and the dashboard lists). */
export function useTenderMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: tenderKeys.all }) });
}

/** Files as the upload routes take them: the multipart field `files`. */
export const filesForm = (files: File[]) => {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return form;
};
