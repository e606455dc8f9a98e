import { useDropzone, type FileRejection } from 'react-dropzone';
import { FileText, UploadCloud, X } from '../../../components/ui/icons';
import {
  QUOTE_ATTACHMENT_ACCEPT,
  QUOTE_ATTACHMENT_MAX_BYTES,
  QUOTE_MESSAGES as M,
} from '@solar/shared/constants/quotes';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { formatFileSize } from './format-file-size';

function rejection(rejections: FileRejection[]): string {
  const code = rejections[0]?.errors[0]?.code;
  if (code === 'file-too-large') return M.attachmentSize;
  if (code === 'too-many-files') return 'Please choose one file.';
  return M.attachmentType;
}

/**
 * One PDF, DOC or DOCX file up to 5 MB (docs/product/quotes.md#attachments), chosen by click or drop. The server checks
 * the real type from the file's bytes; this only saves a round trip.
 */
export function AttachmentPicker({
  id,
  label,
  file,
  onChange,
  error,
  onError,
}: {
  id: string;
  label: string;
  file: File | null;
  onChange(file: File | null): void;
  error?: string;
  onError(message: string): void;
}) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: Object.fromEntries(Object.entries(QUOTE_ATTACHMENT_ACCEPT).map(([type, exts]) => [type, [...exts]])),
    maxSize: QUOTE_ATTACHMENT_MAX_BYTES,
    maxFiles: 1,
    multiple: false,
    onDropAccepted: (files) => onChange(files[0] ?? null),
    onDropRejected: (rejections) => onError(rejection(rejections)),
  });
  // The drop zone's input is named by its aria-label; `Field` ties the message to it (decision 0590).
  return (
    <Field id={id} error={error}>
      {(control) =>
        file ? (
          <div className="flex items-center gap-3 rounded-md border border-border bg-muted/40 px-3 py-2">
            <FileText className="h-5 w-5 shrink-0 text-primary" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
              <p className="text-xs text-muted-foreground">{formatFileSize(file.size)}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-label={`Remove ${file.name}`}>
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </div>
        ) : (
          <div
            {...getRootProps({
              className: `flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed px-4 py-5 text-center transition-colors ${
                error
                  ? 'border-destructive'
                  : isDragActive
                    ? 'border-primary bg-primary/5'
                    : 'border-border bg-white hover:bg-muted/50'
              }`,
            })}
          >
            <input {...getInputProps({ ...control, 'aria-label': label })} />
            <UploadCloud className="h-6 w-6 text-slate-500" aria-hidden />
            <p className="text-sm font-medium text-slate-800">
              {isDragActive ? 'Drop the file here' : 'Drag a file here, or click to choose'}
            </p>
            <p className="text-xs text-muted-foreground">PDF, DOC or DOCX, up to 5 MB</p>
          </div>
        )
      }
    </Field>
  );
}
