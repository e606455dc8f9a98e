import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';

/** A refused request (400, 404…) is answered the same again: Retry helps only a failure or a limit. */
const retryCanHelp = (error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);

/**
 * The directory's loading and error states, shared by the list and the map (docs/product/providers.md#directory):
 * 'Loading providers...', or the error message ('Failed to load providers') with a Retry when retrying can help.
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
        {retryCanHelp(query.error) && <Button onClick={() => void query.refetch()}>Retry</Button>}
      </div>
    );
  }
  return null;
}
