import { useRef, useState } from 'react';
import { Link } from '../../../components/ui/link';
import { FileText, Loader2, Send, Trash2, Upload } from '../../../components/ui/icons';
import type { Tender } from '@solar/shared/contracts/tenders';
import { TENDER_FILE_ACCEPT } from '@solar/shared/constants/tender-lifecycle';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { useMe } from '../../../lib/session/get-me';
import { useDeleteDocument } from '../api/delete-tender-document';
import { documentUrl } from '../api/download-tender-document';
import { useTenderDocuments } from '../api/list-tender-documents';
import { useUploadDocuments } from '../api/upload-tender-documents';
import { DeadlineCountdown } from './deadline-countdown';
import { TenderHistory } from './tender-history';
import { TenderAddenda } from './tender-addenda';
import { TenderClarificationLog } from './tender-clarification-log';
import { TenderContractCard } from './tender-contract-card';
import { TenderRecordsCard } from './tender-records-card';
import { TenderIntentCard } from './tender-intent-card';
import { TenderInvitees } from './tender-invitees';

const fileSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const failed = (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' });

/**
 * The tender page's lifecycle parts (docs/product/tenders.md#lifecycle), for tenders listed here:
 * the respond link, the contract after the award, documents (with addenda once published), the
 * clarification log, and the records and History for the owner and admins (issue 27 part C).
 * The owner's panel stands in place of Contact and Save at the top of the page (decision 0407).
 * Signed-out visitors see none of them (documents and Q&A are for signed-in users).
 */
export function TenderLifecycleSections({ tender }: { tender: Tender }) {
  const { data: me } = useMe();
  if (!me || tender.source !== 'Solar Manager') return null;
  const isOwner = tender.userId === me.id;
  const open = tender.stage === 'active' && tender.status === 'open';
  const site = [tender.siteCapacityMw != null ? `${tender.siteCapacityMw} MW` : null].filter(Boolean).join('');
  const contact = [tender.contactName, tender.contactEmail, tender.contactPhone].filter(Boolean);
  return (
    <>
      {(site || contact.length > 0) && (
        <Card className="grid gap-3 p-6 sm:grid-cols-2">
          {site && (
            <div>
              <h2 className="text-sm font-medium text-slate-600">Site capacity</h2>
              <p className="text-slate-900">{site}</p>
            </div>
          )}
          {contact.length > 0 && (
            <div>
              <h2 className="text-sm font-medium text-slate-600">Contact</h2>
              <p className="break-words text-slate-900">{contact.join(' · ')}</p>
            </div>
          )}
        </Card>
      )}
      {!isOwner && open && (
        <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
          {tender.closingDate && <DeadlineCountdown closesAt={tender.closingDate} label="Responses close" className="text-slate-800" />}
          <Link to={`/tender/${tender.id}/respond`} className={buttonClasses('primary', 'md')}>
            <Send className="h-4 w-4" aria-hidden />
            Respond to Tender
          </Link>
        </Card>
      )}
      <TenderContractCard tender={tender} />
      {!isOwner && <TenderIntentCard tenderId={tender.id} />}
      {/* A draft's documents change directly; once published, by addenda (decision 0525). */}
      {tender.stage === 'draft' ? <TenderDocuments tender={tender} isOwner={isOwner} /> : <TenderAddenda tender={tender} isOwner={isOwner} />}
      <TenderClarificationLog tender={tender} isOwner={isOwner} open={open} />
      {(isOwner || me.is_admin) && tender.stage !== 'draft' && <TenderInvitees tenderId={tender.id} />}
      {(isOwner || me.is_admin) && <TenderRecordsCard tender={tender} />}
      {(isOwner || me.is_admin) && <TenderHistory tenderId={tender.id} />}
    </>
  );
}

function TenderDocuments({ tender, isOwner }: { tender: Tender; isOwner: boolean }) {
  const docs = useTenderDocuments(tender.id);
  const upload = useUploadDocuments();
  const remove = useDeleteDocument(tender.id);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const editable = isOwner && tender.stage !== 'cancelled' && tender.stage !== 'awarded';
  if (!isOwner && (docs.data?.length ?? 0) === 0) return null;
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-lg font-semibold">Documents</h2>
      {docs.data && docs.data.length > 0 ? (
        <ul className="divide-y divide-border">
          {docs.data.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 py-2">
              <a href={documentUrl(tender.id, d.id)} className="inline-flex min-w-0 items-center gap-2 font-medium text-primary hover:underline">
                <FileText className="h-4 w-4 shrink-0" aria-hidden />
                <span className="truncate">{d.filename}</span>
              </a>
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                {fileSize(d.size)}
                {editable && (
                  <Button variant="ghost" size="sm" aria-label={`Remove ${d.filename}`} onClick={() => remove.mutate(d.id, { onError: failed })}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No documents yet.</p>
      )}
      {editable && (
        <div className="mt-4 grid gap-2">
          <label htmlFor="tender-documents" className="text-sm font-medium text-slate-800">
            Add documents (PDF, DOCX, XLSX or images; up to 10 files, 20 MB in all)
          </label>
          <input
            ref={input}
            id="tender-documents"
            type="file"
            multiple
            accept={TENDER_FILE_ACCEPT}
            className="text-sm"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              if (files.length === 0) return;
              setError('');
              upload.mutate({ id: tender.id, files }, {
                onSuccess: () => toast({ title: 'Documents added', variant: 'success' }),
                onError: (err) => setError(err.message),
                onSettled: () => {
                  if (input.current) input.current.value = '';
                },
              });
            }}
          />
          {upload.isPending && (
            <p className="inline-flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              <Upload className="h-4 w-4" aria-hidden /> Uploading…
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
