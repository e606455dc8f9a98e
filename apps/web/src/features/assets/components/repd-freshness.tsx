import { ASSET_FRESHNESS } from '@solar/shared/constants/assets';
import type { AssetSourceRecord } from '@solar/shared/contracts/assets';
import { formatDate } from '@solar/shared/domain/format';
import { useAssetSource } from '../api/get-asset-source';

/** When the REPD job last looked for a new release (decision 0397); null when the job is off. */
export function checkedText(s: AssetSourceRecord): string | null {
  if (!s.automatic) return null;
  return s.checkedAt ? ASSET_FRESHNESS.checked(formatDate(s.checkedAt, 'dd/MM/yyyy HH:mm')) : ASSET_FRESHNESS.notYet;
}

/** The sentence after an asset page's source line; nothing while loading, on failure or when the job is off. */
export function RepdChecked() {
  const source = useAssetSource();
  const text = source.data ? checkedText(source.data) : null;
  return text ? <> {text}</> : null;
}
