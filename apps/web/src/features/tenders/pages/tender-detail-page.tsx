import { useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { ArrowLeft, Bookmark, BookmarkCheck, Clock, ExternalLink, Lock, Mail, RefreshCw, Trophy } from '../../../components/ui/icons';
import type { Tender, TenderSaveKind } from '@solar/shared/contracts/tenders';
import { START_TIME_LABELS, TENDER_CPV_LABELS, TENDER_MESSAGES, type StartTimePreference } from '@solar/shared/constants/tenders';
import { NOT_FOUND } from '@solar/shared/constants/ui';
import { formatDate, formatGBP } from '@solar/shared/domain/format';
import { publicStatusLabel, tenderOutcome, valueRangeLabel } from '@solar/shared/domain/tenders';
import { NotFoundCard } from '../../../components/not-found-card';
import { cn } from '../../../lib/cn';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useMe } from '../../../lib/session/get-me';
import { isTenderNotFound, useTender } from '../api/get-tender';
import { useSavedTenders, useToggleSave } from '../api/tender-actions';
import { boardAddress } from '../state/tender-board-filters';
import { AuthRequiredDialog } from '../components/auth-required-dialog';
import { WatchButton } from '../components/watch-button';
import { ContactTenderDialog } from '../components/contact-tender-dialog';
import { TenderBadges } from '../components/tender-badges';
import { TenderLifecycleSections } from '../components/tender-lifecycle-sections';
import { TenderOwnerPanel } from '../components/tender-owner-panel';
import { DeadlineCountdown } from '../components/deadline-countdown';
import { NoticeFacts } from '../components/notice-detail';
import { TenderEvaluationPlan } from '../components/tender-evaluation-plan';

/** Server rendering and the document head (decision 0370). */
export { handle } from './tender-detail-page.handle';

/**
 * Tender detail (/tender/{id}?fromPage=n, docs/product/tenders.md#tender-detail): Open or Closed only. 'Back to
 * Tenders' returns to the board's page with the filters the tender was opened from (decision 0354).
 */
export function TenderDetailPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const back = boardAddress(search);
  const query = useTender(id);
  const notFound = isTenderNotFound(query.error);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      {/* The not-found card offers the same way back itself. */}
      {!notFound && (
        <Link to={back} className="mb-6 inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Tenders
        </Link>
      )}
      {query.isPending ? (
        <div className="space-y-4" role="status" aria-label="Loading tender">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : notFound ? (
        <NotFoundCard
          title={TENDER_MESSAGES.notFound}
          hint={NOT_FOUND.recordHint}
          links={[
            { to: back, label: 'Back to Tenders' },
            { to: '/', label: NOT_FOUND.homeLink },
          ]}
        />
      ) : query.isError ? (
        <Card className="flex flex-col items-center gap-3 p-8 text-center" role="alert">
          <h1 className="text-lg font-semibold text-destructive">{TENDER_MESSAGES.loadOneError}</h1>
          <p className="text-sm text-slate-700">{query.error instanceof Error ? query.error.message : String(query.error)}</p>
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            Retry
          </Button>
        </Card>
      ) : (
        <TenderDetail tender={query.data} />
      )}
    </div>
  );
}

function TenderDetail({ tender }: { tender: Tender }) {
  const { data: me } = useMe();
  const saved = useSavedTenders(!!me);
  const toggle = useToggleSave();
  const [contactOpen, setContactOpen] = useState(false);
  const [authOpen, setAuthOpen] = useState(false);
  const open = publicStatusLabel(tender.status) === 'Open' && tender.stage !== 'draft';
  const outcome = tenderOutcome(tender);
  // The owner manages rather than contacts or saves their own tender (decision 0407).
  const isOwner = !!me && tender.source === 'Solar Manager' && tender.userId === me.id;
  const original = tender.noticeUrl ?? tender.contactWebsite;
  const isSaved = (kind: TenderSaveKind) => !!saved.data?.some((s) => s.kind === kind && s.tender.id === tender.id);
  const requireUser = (action: () => void) => (me ? action() : setAuthOpen(true));
  const onSave = (kind: TenderSaveKind) =>
    requireUser(() =>
      toggle.mutate(
        { id: tender.id, kind, saved: !isSaved(kind) },
        {
          onSuccess: () =>
            toast({
              title: isSaved(kind) ? 'Removed' : kind === 'later' ? 'Saved for later' : 'Tender saved',
              description: isSaved(kind)
                ? 'The tender was removed from your dashboard.'
                : kind === 'later'
                  ? 'We will email you a reminder two days before it closes.'
                  : 'You will find it under Tenders in your dashboard.',
            }),
          onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
        },
      ),
    );
  const place = [tender.location, tender.contactTown !== tender.location ? tender.contactTown : null, tender.region].filter(Boolean).join(' · ');
  return (
    <article className="space-y-6">
      <header className="space-y-3">
        <TenderBadges tender={tender} />
        <h1 className="text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{tender.title}</h1>
        <p className="text-slate-700">{tender.organisationName ?? (tender.user ? `Listed by ${tender.user.name}` : null)}</p>
      </header>

      {isOwner ? (
        <TenderOwnerPanel tender={tender} />
      ) : open ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => (tender.source === 'External' ? setContactOpen(true) : requireUser(() => setContactOpen(true)))}>
            <Mail className="h-4 w-4" aria-hidden />
            Contact About Tender
          </Button>
          <Button variant="secondary" onClick={() => onSave('later')} aria-pressed={isSaved('later')}>
            <Clock className="h-4 w-4" aria-hidden />
            {isSaved('later') ? 'Saved for Later' : 'Save for Later'}
          </Button>
          <Button variant="secondary" onClick={() => onSave('saved')} aria-pressed={isSaved('saved')}>
            {isSaved('saved') ? <BookmarkCheck className="h-4 w-4" aria-hidden /> : <Bookmark className="h-4 w-4" aria-hidden />}
            {isSaved('saved') ? 'Tender Saved' : 'Save Tender'}
          </Button>
          <WatchButton tenderId={tender.id} signedIn={!!me} onNeedUser={() => setAuthOpen(true)} />
          {original && <ViewOriginal href={original} />}
        </div>
      ) : (
        // The reader's own outcome first (issue 27 defect 7): 'You won this tender', 'Unsuccessful', 'Awarded to …', or Tender Closed.
        <Card
          role="status"
          className={cn('flex flex-wrap items-center justify-between gap-3 p-4', outcome.badge === 'Won' ? 'border-emerald-300 bg-emerald-50' : 'border-slate-300 bg-slate-50')}
        >
          <div className="flex min-w-0 items-start gap-2">
            {outcome.badge === 'Won' ? <Trophy className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden /> : <Lock className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" aria-hidden />}
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{outcome.headline ?? TENDER_MESSAGES.closed}</p>
              {outcome.detail && <p className="break-words text-sm text-slate-700">{outcome.detail}</p>}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <WatchButton tenderId={tender.id} signedIn={!!me} onNeedUser={() => setAuthOpen(true)} />
            {original && <ViewOriginal href={original} />}
          </div>
        </Card>
      )}

      <Card className="p-6">
        <h2 className="mb-3 text-lg font-semibold">Description</h2>
        <div className="whitespace-pre-line break-words text-slate-800">{tender.description || 'No description given.'}</div>
      </Card>

      <Card className="p-6">
        <h2 className="mb-3 text-lg font-semibold">Details</h2>
        <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
          <Detail label="Service">{tender.service}</Detail>
          <Detail label="Value">{valueRangeLabel(tender.valueMinimum, tender.valueMaximum, formatGBP)}</Detail>
          <Detail label="Published">{tender.stage === 'draft' ? 'Not yet: this is a draft' : formatDate(tender.publishedDate)}</Detail>
          <Detail label="Closing date">{tender.closingDate ? <DeadlineCountdown closesAt={tender.closingDate} label="" closedLabel="" /> : null}</Detail>
          <Detail label="Contract start">{tender.startDate ? formatDate(tender.startDate) : null}</Detail>
          <Detail label="Contract end">{tender.endDate ? formatDate(tender.endDate) : null}</Detail>
          <Detail label="Location">{place || null}</Detail>
          <Detail label="Search radius">{tender.searchRadius ? `${tender.searchRadius} km` : null}</Detail>
          <Detail label="Start time">
            {tender.startTimePreference ? (START_TIME_LABELS[tender.startTimePreference as StartTimePreference] ?? tender.startTimePreference) : null}
          </Detail>
          <Detail label="Reference">{tender.externalId}</Detail>
          {tender.award && (
            <Detail label="Awarded">
              {[tender.award.supplier, tender.award.value != null ? formatGBP(tender.award.value) : null, tender.award.date ? formatDate(tender.award.date) : null]
                .filter(Boolean)
                .join(' · ')}
            </Detail>
          )}
        </dl>
      </Card>

      <TenderEvaluationPlan tender={tender} signedIn={!!me} />
      <NoticeFacts tender={tender} />
      <NoticeDetails tender={tender} />
      <TenderLifecycleSections tender={tender} />

      <ContactTenderDialog tender={tender} open={contactOpen} onOpenChange={setContactOpen} />
      <AuthRequiredDialog
        open={authOpen}
        onOpenChange={setAuthOpen}
        redirect={`/tender/${tender.id}`}
        description="Please sign in or create an account to contact the owner, save or watch this tender."
      />
    </article>
  );
}

/** Companies House numbers link to the register; other identifiers are shown as given. */
const companiesHouseUrl = (id: string | null) => (id?.startsWith('GB-COH-') ? `https://find-and-update.company-information.service.gov.uk/company/${encodeURIComponent(id.slice(7))}` : null);

/** An imported notice's OCDS fields (decision 0392): CPV codes, procedure, buyer, lots, award suppliers, documents. */
function NoticeDetails({ tender }: { tender: Tender }) {
  const { cpvCodes, lots, documents, awardSuppliers } = tender;
  if (cpvCodes.length + lots.length + documents.length + awardSuppliers.length === 0 && !tender.procedureType && !tender.buyerId) return null;
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-lg font-semibold">Notice details</h2>
      <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
        <Detail label="Procedure">{tender.procedureType}</Detail>
        <Detail label="Buyer identifier">{tender.buyerId}</Detail>
        {cpvCodes.length > 0 && (
          <Detail label={cpvCodes.length === 1 ? 'CPV code' : 'CPV codes'}>
            <ul className="space-y-0.5">
              {cpvCodes.map((code) => (
                <li key={code}>
                  <span className="font-mono text-sm">{code}</span>
                  {TENDER_CPV_LABELS[code] ? ` ${TENDER_CPV_LABELS[code]}` : ''}
                </li>
              ))}
            </ul>
          </Detail>
        )}
        {awardSuppliers.length > 0 && (
          <Detail label={awardSuppliers.length === 1 ? 'Supplier' : 'Suppliers'}>
            <ul className="space-y-0.5">
              {awardSuppliers.map((s) => {
                const register = companiesHouseUrl(s.id);
                return (
                  <li key={`${s.name}:${s.id}`}>
                    {s.name}
                    {s.id &&
                      (register ? (
                        <>
                          {' · '}
                          <a href={register} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                            {s.id}
                            <span className="sr-only"> (Companies House, opens in a new tab)</span>
                          </a>
                        </>
                      ) : (
                        ` · ${s.id}`
                      ))}
                  </li>
                );
              })}
            </ul>
          </Detail>
        )}
      </dl>
      {lots.length > 0 && (
        <>
          <h3 className="mb-2 mt-5 font-semibold">{lots.length === 1 ? 'Lot' : `Lots (${lots.length})`}</h3>
          <ol className="list-decimal space-y-1 pl-5 text-slate-800">
            {lots.map((lot) => (
              <li key={lot.id} className="break-words">
                {lot.title}
                {lot.value != null ? ` · ${formatGBP(lot.value)}` : ''}
              </li>
            ))}
          </ol>
        </>
      )}
      {documents.length > 0 && (
        <>
          <h3 className="mb-2 mt-5 font-semibold">Documents</h3>
          <ul className="space-y-1">
            {documents.map((d) => (
              <li key={d.url} className="break-words">
                <a href={d.url} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                  {d.title}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  if (children == null || children === '') return null;
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** View Original: the notice in a new tab (docs/product/tenders.md#contact-and-save), never followed by the app itself. */
function ViewOriginal({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex h-10 items-center gap-2 rounded-md border border-border bg-white px-4 text-sm font-medium text-slate-900 hover:bg-muted"
    >
      View Original
      <ExternalLink className="h-4 w-4" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
