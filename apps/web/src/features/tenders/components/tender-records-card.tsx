import { Archive, FileSpreadsheet, ScrollText } from '../../../components/ui/icons';
import type { TenderRecordFile } from '@solar/shared/contracts/tender-records';
import type { Tender } from '@solar/shared/contracts/tenders';
import { TENDER_RECORDS_MESSAGES as M } from '@solar/shared/constants/tender-records';
import { Card } from '../../../components/ui/card';
import { recordsUrl } from '../api/download-tender-records';

const FILES: Array<{ file: TenderRecordFile; label: string; icon: typeof Archive }> = [
  { file: 'responses.zip', label: 'All responses with their attachments (zip)', icon: Archive },
  { file: 'comparison.csv', label: 'Comparison (CSV)', icon: FileSpreadsheet },
  { file: 'comparison.xlsx', label: 'Comparison (Excel)', icon: FileSpreadsheet },
  { file: 'audit-log.csv', label: 'Audit log: every event of the tender (CSV)', icon: ScrollText },
];

/** The owner's records downloads (decision 0528), once responses have closed; before, what to expect. */
export function TenderRecordsCard({ tender }: { tender: Tender }) {
  if (tender.stage === 'draft') return null;
  const closed = !(tender.stage === 'active' && tender.status === 'open');
  return (
    <Card className="p-6" aria-labelledby="tender-records-title">
      <h2 id="tender-records-title" className="mb-1 text-lg font-semibold">
        Records
      </h2>
      {closed ? (
        <ul className="mt-2 space-y-2">
          {FILES.map(({ file, label, icon: Icon }) => (
            <li key={file} className="min-w-0">
              <a href={recordsUrl(tender.id, file)} className="inline-flex max-w-full items-center gap-2 font-medium text-primary hover:underline">
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                <span className="min-w-0 break-words">{label}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{M.recordsBeforeClosing}.</p>
      )}
    </Card>
  );
}
