import { ASSET_HISTORY } from '@solar/shared/constants/assets';
import { repdReleaseMonths } from '@solar/shared/domain/repd-schedule';
import { useAssetSource } from '../api/get-asset-source';

/**
 * While one REPD release is loaded there is no history to show (issue 28 item 6, decision 0464):
 * says that history starts with the next release, when it is expected, and whether this site will
 * fetch it by itself.
 */
export function HistoryStartsNote({ className = 'text-sm text-slate-600' }: { className?: string }) {
  const source = useAssetSource();
  const record = source.data;
  if (!record || record.historySince) return null;
  const months = repdReleaseMonths(record.release);
  if (!months) return null;
  return (
    <p className={className} data-testid="history-starts-note">
      {ASSET_HISTORY.startsWithNext(months.loaded, months.expected)} {record.automatic ? ASSET_HISTORY.checkedDaily : ASSET_HISTORY.notChecked}
    </p>
  );
}
