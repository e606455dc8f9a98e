import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { CheckCircle2 } from '../../../components/ui/icons';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { TENDER_LIFECYCLE_MESSAGES } from '@solar/shared/constants/tender-lifecycle';
import { Card } from '../../../components/ui/card';
import type { CreatedTender } from '../api/create-tender';
import { ListTenderForm } from '../components/list-tender-form';

/** List a Tender (/list-a-tender, docs/product/tenders.md#list-a-tender): the form, and what was launched once it is sent. */
export function ListATenderPage() {
  const [launched, setLaunched] = useState<{ tender: CreatedTender; draft: boolean } | null>(null);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">List a Tender</h1>
        <p className="mt-2 text-slate-700">Tell providers what you need. Open tenders appear on the tender board; private tenders go only to the providers you invite.</p>
      </header>

      {launched && (
        <Card className="mb-6 flex flex-col gap-2 border-emerald-300 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between" role="status">
          <div className="flex items-start gap-2">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
            <div>
              <p className="font-semibold text-emerald-900">{launchedTitle(launched)}</p>
              <p className="text-sm text-emerald-900">
                {launched.draft
                  ? TENDER_LIFECYCLE_MESSAGES.draftSaved
                  : launched.tender.type === 'private'
                    ? TENDER_MESSAGES.launchedPrivate
                    : TENDER_MESSAGES.launchedOpen}
                {!launched.draft &&
                  launched.tender.waitingListProviders > 0 &&
                  ` ${launched.tender.waitingListProviders} unclaimed provider${launched.tender.waitingListProviders === 1 ? ' has' : 's have'} no public email and ${launched.tender.waitingListProviders === 1 ? 'is' : 'are'} on our waiting list: our team will contact them.`}
              </p>
            </div>
          </div>
          <Link to={`/tender/${launched.tender.id}`} className="shrink-0 text-sm font-semibold text-emerald-900 underline">
            {launched.draft ? 'View your draft' : 'View your tender'}
          </Link>
        </Card>
      )}

      <ListTenderForm onLaunched={(tender, draft) => setLaunched({ tender, draft })} />
    </div>
  );
}

/** What was just done (issue 27 defect 2: a draft is saved, not launched). */
const launchedTitle = ({ tender, draft }: { tender: CreatedTender; draft: boolean }) =>
  draft ? 'Draft saved' : tender.type === 'private' ? 'Private tender launched' : 'Tender launched';
