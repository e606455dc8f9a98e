import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { ArrowLeft } from '../../../components/ui/icons';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { NotFoundCard } from '../../../components/not-found-card';
import { RequireAuth } from '../../../components/require-auth';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { isTenderNotFound, useTender } from '../api/get-tender';
import { useTenderEmailInvitations } from '../api/list-tender-email-invitations';
import { useTenderInvitedProviders } from '../api/list-tender-invited-providers';
import { ListTenderForm } from '../components/list-tender-form';

/**
 * /tender/{id}/edit (issue 27 defect 1; decision 0447): the owner edits a tender with the form it
 * was listed with, a draft in full. Anyone else gets the not-found card (the API answers 404).
 */
export function EditTenderPage() {
  return (
    <RequireAuth redirectTo="/login">
      <EditTender />
    </RequireAuth>
  );
}

function EditTender() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const tender = useTender(id);
  const invited = useTenderInvitedProviders(id, tender.isSuccess);
  const emails = useTenderEmailInvitations(id, tender.isSuccess);
  const notFound = isTenderNotFound(tender.error) || isTenderNotFound(invited.error);
  const finalStage = tender.data?.stage === 'awarded' || tender.data?.stage === 'cancelled';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <Link to={`/tender/${id}`} className="mb-6 inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to the tender
      </Link>
      {notFound ? (
        <NotFoundCard title={TENDER_MESSAGES.notFound} links={[{ to: '/dashboard?tab=tenders', label: 'Back to My Tenders' }]} />
      ) : tender.isPending || invited.isPending || emails.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : tender.isError || invited.isError || emails.isError ? (
        <Card className="p-6 text-destructive" role="alert">
          {TENDER_MESSAGES.loadOneError}
        </Card>
      ) : finalStage ? (
        <Card className="p-6" role="status">
          This tender is {tender.data.stage} and can no longer be changed.
        </Card>
      ) : (
        <>
          <header className="mb-6">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{tender.data.stage === 'draft' ? 'Edit your draft' : 'Edit your tender'}</h1>
            <p className="mt-2 text-slate-700">
              {tender.data.stage === 'draft'
                ? 'Change anything, then save it as a draft or publish it. Nobody is told until you publish.'
                : 'Everyone taking part is told what changed. Providers you invited stay invited; you can invite more.'}
            </p>
          </header>
          <ListTenderForm
            editing={{ tender: tender.data, invited: invited.data, emails: emails.data }}
            onSaved={(saved) => void navigate(`/tender/${saved.id}`)}
          />
        </>
      )}
    </div>
  );
}
