import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { Button } from '../../../components/ui/button';

/**
 * The directory's loading and error states, shared by the list and the map (docs/product/providers.md#directory):
 * 'Loading providers...', or the error message ('Failed to load providers') with a Retry.
 * Returns null once there is data to show.
 */
export function DirectoryQueryState({ query }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch(): unknown } }) {
  if (query.isPending) {
    return (
      <p role="status" className="py-12 text-center text-muted-foreground">
        {M.loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="text-destructive">{(query.error as Error | null)?.message || M.loadFailed}</p>
        <Button onClick={() => void query.refetch()}>Retry</Button>
      </div>
    );
  }
  return null;
}
