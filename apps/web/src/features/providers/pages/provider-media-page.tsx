import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { FileText, Trash2 } from '../../../components/ui/icons';
import { MEDIA_MAX_BYTES, MEDIA_MAX_FILES, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { uploadProviderMedia } from '@solar/shared/contracts/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMe } from '../../../lib/session/get-me';
import { RequireAuth } from '../../../components/require-auth';
import { isNotFound, useProvider } from '../api/get-provider';
import { providerKeys } from '../api/keys';
import { useDeleteMedia } from '../api/provider-mutations';
import { uploadWithProgress } from '../api/upload';
import { UploadArea } from '../components/upload-area';

/** /providers/{id}/media (docs/product/providers.md#media-page): 'Media Files', upload area, grid, owner delete. */
export function ProviderMediaPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const query = useProvider(id);
  const client = useQueryClient();
  const remove = useDeleteMedia(id);
  // A deletion cannot be undone, so it is confirmed first (decision 0369).
  const [confirming, setConfirming] = useState<{ id: string; title: string } | null>(null);
  const deleteConfirmed = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => toast({ title: 'Success', description: M.fileDeleted, variant: 'success' }),
      onError: () => toast({ title: 'Error', description: M.deleteFileFailed, variant: 'destructive' }),
      onSettled: () => setConfirming(null),
    });
  };

  if (query.isPending) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
        <p role="alert">
          {isNotFound(query.error) ? M.providerNotFound : (query.error as Error | null)?.message || M.detailsFailed}
        </p>
        <Link to="/providers" className={buttonClasses('secondary')}>
          Back to Directory
        </Link>
      </div>
    );
  }
  const provider = query.data;
  const user = me.data ?? null;
  const canEdit = Boolean(user && (user.is_admin || (user.id === provider.userId && provider.claimApproved)));
  const pathId = provider.slug || provider.id;

  const upload = async (files: File[], onProgress: (p: number) => void) => {
    const form = new FormData();
    files.forEach((f) => form.append('files', f));
    try {
      await uploadWithProgress(api.url(uploadProviderMedia, { params: { id: provider.id } }), form, onProgress);
      toast({ title: 'Success', description: M.filesUploaded, variant: 'success' });
      await client.invalidateQueries({ queryKey: providerKeys.detail(id) });
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error && error.message ? error.message : M.filesFailed,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <Link to={`/providers/${pathId}`} className="text-sm font-medium text-primary hover:underline">
        Back to Profile
      </Link>
      <h1 className="mt-2 text-3xl font-bold">Media Files</h1>
      <p className="text-muted-foreground">{provider.businessName}</p>

      {canEdit && (
        <div className="mt-6">
          <UploadArea
            accept={{
              'image/png': ['.png'],
              'image/jpeg': ['.jpg', '.jpeg'],
              'image/gif': ['.gif'],
              'application/pdf': ['.pdf'],
            }}
            maxSize={MEDIA_MAX_BYTES}
            maxFiles={MEDIA_MAX_FILES}
            hint={M.mediaHint}
            onUpload={upload}
          />
        </div>
      )}

      {provider.mediaFiles.length === 0 ? (
        <p className="mt-8 text-center text-muted-foreground">No media files yet</p>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {provider.mediaFiles.map((f) => (
            <li key={f.id}>
              <Card className="overflow-hidden">
                <a
                  href={f.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block"
                  aria-label={`Open ${f.title}`}
                >
                  {f.type === 'image' ? (
                    <img src={f.thumbnailUrl ?? f.url} alt={f.title} className="aspect-square w-full object-cover" />
                  ) : (
                    <span className="flex aspect-square items-center justify-center bg-muted">
                      <FileText className="h-10 w-10 text-slate-500" aria-hidden />
                    </span>
                  )}
                </a>
                <div className="flex items-center justify-between gap-2 p-2">
                  <span className="truncate text-sm" title={f.title}>
                    {f.title}
                  </span>
                  {canEdit && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${f.title}`}
                      disabled={remove.isPending}
                      onClick={() => setConfirming({ id: f.id, title: f.title })}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={M.deleteFileTitle}
        description={confirming ? M.deleteFileConfirm(confirming.title) : undefined}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={deleteConfirmed} disabled={remove.isPending}>
            Delete file
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** Login required (docs/product/accounts.md#route-guard): signed-out visitors go to /login?redirect=… (ruling). */
export function GuardedProviderMediaPage() {
  return (
    <RequireAuth redirectTo="/login">
      <ProviderMediaPage />
    </RequireAuth>
  );
}
