import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useQueryClient } from '@tanstack/react-query';
import { COVER_MAX_BYTES, LOGO_MAX_BYTES, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { uploadProviderCover, uploadProviderLogo } from '@solar/shared/contracts/routes';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { api, type ApiOutput } from '../../../lib/api-client';
import { providerKeys } from '../api/keys';
import { isReachable, uploadWithProgress } from '../api/upload';
import { ProgressBar } from './upload-area';

const KINDS = {
  logo: {
    url: (id: string) => api.url(uploadProviderLogo, { params: { id } }),
    field: 'logo',
    accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] },
    maxSize: LOGO_MAX_BYTES,
    typeMessage: M.logoType,
    sizeTitle: 'Error',
    sizeMessage: M.logoSize,
    failed: M.logoFailed,
    success: M.logoUploaded,
  },
  cover: {
    url: (id: string) => api.url(uploadProviderCover, { params: { id } }),
    field: 'coverImage',
    accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] },
    maxSize: COVER_MAX_BYTES,
    typeMessage: M.coverType,
    sizeTitle: M.coverTooLargeTitle,
    sizeMessage: M.coverSize,
    failed: M.coverFailed,
    success: M.coverUploaded,
  },
} as const;

/** 'Add logo' / 'Change' and 'Add Cover' / 'Change Cover' (docs/product/providers.md#uploads). */
export function ImageUploadButton({
  providerId,
  queryId = providerId,
  kind,
  hasImage,
  className,
}: {
  providerId: string;
  /** The id or slug the page's provider query uses (refetched after the upload). */
  queryId?: string;
  kind: 'logo' | 'cover';
  hasImage: boolean;
  className?: string;
}) {
  const k = KINDS[kind];
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File) => {
    if (!providerId) return toast({ title: 'Error', description: M.providerIdRequired, variant: 'destructive' });
    const form = new FormData();
    form.append(k.field, file);
    setProgress(0);
    try {
      const body = await uploadWithProgress<Partial<ApiOutput<typeof uploadProviderLogo> & ApiOutput<typeof uploadProviderCover>>>(
        k.url(providerId),
        form,
        setProgress,
      );
      const url = kind === 'logo' ? body.logoUrl : body.imageUrl;
      if (!url) throw new Error(M.noImageUrl);
      toast({ title: 'Success', description: k.success, variant: 'success' });
      await client.invalidateQueries({ queryKey: providerKeys.detail(queryId) });
      if (!(await isReachable(url)))
        toast({ title: 'Warning', description: M.imageMaybeInaccessible, variant: 'warning' });
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error && error.message ? error.message : k.failed,
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
      forgetChosenFile();
    }
  };
  // The browser fires no change for the file already in the input: after a refused or failed
  // upload, choosing the same file again (after fixing it, or to retry) must upload again.
  const forgetChosenFile = () => {
    if (inputRef.current) inputRef.current.value = '';
  };
  const { getInputProps, open, inputRef } = useDropzone({
    accept: k.accept,
    maxSize: k.maxSize,
    maxFiles: 1,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    noDrag: true,
    onDropRejected: (rejections) => {
      forgetChosenFile();
      const code = rejections[0]?.errors[0]?.code;
      if (code === 'file-too-large') toast({ title: k.sizeTitle, description: k.sizeMessage, variant: 'destructive' });
      else toast({ title: 'Error', description: k.typeMessage, variant: 'destructive' });
    },
    onDropAccepted: (files) => void upload(files[0]!),
  });
  const label = kind === 'logo' ? (hasImage ? 'Change' : 'Add logo') : hasImage ? 'Change Cover' : 'Add Cover';
  return (
    <div className={className}>
      <input
        {...getInputProps({ 'aria-label': kind === 'logo' ? 'Logo file' : 'Cover image file' })}
        data-testid={`${kind}-input`}
      />
      <Button size="sm" variant="secondary" onClick={open} disabled={progress !== null}>
        {label}
      </Button>
      {progress !== null && (
        <div className="mt-2 w-32">
          <ProgressBar value={progress} label={kind === 'logo' ? 'Logo upload progress' : 'Cover upload progress'} />
        </div>
      )}
    </div>
  );
}
