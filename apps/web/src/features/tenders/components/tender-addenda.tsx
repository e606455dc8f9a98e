import { useRef, useState } from 'react';
import { FileText, Loader2, RefreshCw, Upload } from '../../../components/ui/icons';
import type { Tender } from '@solar/shared/contracts/tenders';
import type { TenderDocumentSet } from '@solar/shared/contracts/tender-records';
import { TENDER_FILE_ACCEPT } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_ADDENDUM_NOTE_MAX, TENDER_ADDENDUM_NOTE_MIN, TENDER_RECORDS_MESSAGES as M } from '@solar/shared/constants/tender-records';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { documentUrl } from '../api/download-tender-document';
import { useIssueAddendum } from '../api/issue-tender-addendum';
import { useTenderAddenda } from '../api/list-tender-addenda';

type Doc = TenderDocumentSet['documents'][number];

const fileSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/**
 * A published tender's documents (decision 0525): the current version of each, its earlier
 * versions kept and downloadable, and the numbered addenda that changed them, newest first. The
 * owner changes them only by issuing an addendum with a note, while the tender is open; everyone
 * taking part is told.
 */
export function TenderAddenda({ tender, isOwner }: { tender: Tender; isOwner: boolean }) {
  const set = useTenderAddenda(tender.id);
  const open = tender.stage === 'active' && tender.status === 'open';
  if (!isOwner && set.isSuccess && set.data.documents.length === 0) return null;
  return (
    <Card className="scroll-mt-24 p-6" id="tender-documents" aria-labelledby="tender-documents-title">
      <h2 id="tender-documents-title" className="mb-3 text-lg font-semibold">
        Documents
      </h2>
      {set.isPending ? (
        <div role="status" aria-label="Loading documents">
          <Skeleton className="h-16 w-full" />
        </div>
      ) : set.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
          Failed to load the documents. {set.error.message}
          <Button size="sm" variant="secondary" onClick={() => void set.refetch()}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            Retry
          </Button>
        </div>
      ) : (
        <>
          {set.data.addenda.length > 0 && (
            <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
              Documents changed: addendum {set.data.addenda[set.data.addenda.length - 1]!.number} on {formatUkDateTime(set.data.addenda[set.data.addenda.length - 1]!.createdAt)}.
            </p>
          )}
          {set.data.documents.length === 0 ? (
            <p className="text-sm text-muted-foreground">No documents yet.</p>
          ) : (
            <ul className="divide-y divide-border">
              {set.data.documents.map((d) => (
                <DocumentRow key={d.id} tenderId={tender.id} doc={d} />
              ))}
            </ul>
          )}
          {set.data.addenda.length > 0 && (
            <>
              <h3 className="mb-2 mt-4 font-semibold text-slate-900">Addenda</h3>
              <ol className="space-y-2">
                {[...set.data.addenda].reverse().map((a) => (
                  <li key={a.id} className="min-w-0 rounded-md border border-border p-3 text-sm">
                    <p className="font-medium text-slate-900">
                      Addendum {a.number} · <time dateTime={a.createdAt}>{formatUkDateTime(a.createdAt)}</time>
                    </p>
                    <p className="whitespace-pre-line break-words text-slate-800">{a.note}</p>
                    <p className="break-words text-slate-700">{a.documents.map((d) => `${d.filename} (v${d.version})`).join(', ')}</p>
                  </li>
                ))}
              </ol>
            </>
          )}
          {isOwner && open && <IssueAddendum tenderId={tender.id} documents={set.data.documents} />}
        </>
      )}
    </Card>
  );
}

function DocumentRow({ tenderId, doc }: { tenderId: string; doc: Doc }) {
  return (
    <li className="py-2">
      <div className="flex items-center justify-between gap-3">
        <a href={documentUrl(tenderId, doc.id)} className="inline-flex min-w-0 items-center gap-2 font-medium text-primary hover:underline">
          <FileText className="h-4 w-4 shrink-0" aria-hidden />
          <span className="truncate">{doc.filename}</span>
        </a>
        <span className="flex shrink-0 items-center gap-2 text-sm text-muted-foreground">
          <Badge variant={doc.version > 1 ? 'warning' : 'secondary'}>v{doc.version}</Badge>
          {fileSize(doc.size)}
        </span>
      </div>
      {doc.earlier.length > 0 && (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-slate-700">Earlier versions ({doc.earlier.length})</summary>
          <ul className="mt-1 space-y-1 pl-4">
            {doc.earlier.map((e) => (
              <li key={e.id} className="min-w-0">
                <a href={documentUrl(tenderId, e.id)} className="break-all text-primary underline">
                  v{e.version}: {e.filename}
                </a>{' '}
                <span className="text-muted-foreground">({formatUkDateTime(e.createdAt)})</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

function IssueAddendum({ tenderId, documents }: { tenderId: string; documents: Doc[] }) {
  const issue = useIssueAddendum(tenderId);
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  const [replaces, setReplaces] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState('');
  return (
    <form
      noValidate
      className="mt-4 grid gap-3 border-t border-border pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (note.trim().length < TENDER_ADDENDUM_NOTE_MIN) return setError(M.addendumNoteRequired);
        if (files.length === 0) return setError('Choose a file');
        if (replaces && files.length !== 1) return setError(M.replaceOneFile);
        setError('');
        issue.mutate(
          { files, note, replaces: replaces || undefined },
          {
            onSuccess: (res) => {
              setNote('');
              setReplaces('');
              setFiles([]);
              if (input.current) input.current.value = '';
              toast({ title: 'Addendum issued', description: res.message, variant: 'success' });
            },
            onError: (err) => setError(err.message),
          },
        );
      }}
    >
      <h3 className="font-semibold text-slate-900">Issue an addendum</h3>
      <p className="text-sm text-muted-foreground">Add documents or a new version of one; earlier versions are kept. Everyone taking part is told the documents changed.</p>
      <Field id="addendum-note" label="What changed" error={error}>
        {(control) => <Textarea {...control} rows={2} maxLength={TENDER_ADDENDUM_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      {documents.length > 0 && (
        <div className="grid gap-1">
          <label htmlFor="addendum-replaces" className="text-sm font-medium text-slate-800">
            The file is
          </label>
          <select id="addendum-replaces" className="h-10 w-full min-w-0 rounded-md border border-border bg-white px-2 text-sm" value={replaces} onChange={(e) => setReplaces(e.target.value)}>
            <option value="">A new document</option>
            {documents.map((d) => (
              <option key={d.id} value={d.id}>
                A new version of {d.filename} (now v{d.version})
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="grid gap-1">
        <label htmlFor="addendum-files" className="text-sm font-medium text-slate-800">
          Files (PDF, DOCX, XLSX or images; 10 files, 20 MB in all, earlier versions included)
        </label>
        <input
          ref={input}
          id="addendum-files"
          type="file"
          multiple={!replaces}
          accept={TENDER_FILE_ACCEPT}
          className="min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-white file:px-3 file:py-1.5"
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </div>
      <div>
        <Button type="submit" disabled={issue.isPending}>
          {issue.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Upload className="h-4 w-4" aria-hidden />}
          Issue addendum
        </Button>
      </div>
    </form>
  );
}
