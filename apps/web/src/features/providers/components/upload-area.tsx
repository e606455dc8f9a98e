import { useState } from 'react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { UploadCloud } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast-store';

/** Generic file-drop rejections (docs/product/platform.md#errors), from react-dropzone's codes. */
export const REJECTION_MESSAGES: Record<string, string> = {
  'file-invalid-type': 'This file type is not accepted.',
  'file-too-large': 'This file is too large.',
  'file-too-small': 'This file is too small.',
  'too-many-files': 'Too many files. Please choose fewer files.',
};

export function rejectionMessage(rejections: FileRejection[]): string {
  const code = rejections[0]?.errors[0]?.code ?? 'file-invalid-type';
  return REJECTION_MESSAGES[code] ?? rejections[0]?.errors[0]?.message ?? REJECTION_MESSAGES['file-invalid-type']!;
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}

/** A drop area with a progress bar (media page). */
export function UploadArea({
  accept,
  maxSize,
  maxFiles,
  hint,
  onUpload,
}: {
  accept: Accept;
  maxSize: number;
  maxFiles: number;
  hint: string;
  onUpload(files: File[], onProgress: (percent: number) => void): Promise<void>;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    maxSize,
    maxFiles,
    multiple: maxFiles > 1,
    disabled: progress !== null,
    onDropRejected: (rejections) =>
      toast({ title: 'Error', description: rejectionMessage(rejections), variant: 'destructive' }),
    onDropAccepted: async (files) => {
      setProgress(0);
      try {
        await onUpload(files, setProgress);
      } finally {
        setProgress(null);
      }
    },
  });
  return (
    <div
      {...getRootProps({
        className: `flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition-colors ${isDragActive ? 'border-primary bg-primary/5' : 'border-border bg-white hover:bg-muted/50'}`,
      })}
    >
      <input {...getInputProps({ 'aria-label': 'Choose files to upload' })} />
      <UploadCloud className="h-8 w-8 text-slate-500" aria-hidden />
      <p className="font-medium">{isDragActive ? 'Drop the files here' : 'Drag files here, or click to choose'}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
      {progress !== null && (
        <div className="mt-2 w-full max-w-sm">
          <ProgressBar value={progress} label="Upload progress" />
        </div>
      )}
    </div>
  );
}
