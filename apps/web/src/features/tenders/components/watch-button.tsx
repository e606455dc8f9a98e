import { Eye, EyeOff } from '../../../components/ui/icons';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useTenderWatch, useToggleWatch } from '../api/watch-tender';

/**
 * Watch a notice or a tender (decision 0473): a mail and a notification on each change. A visitor
 * is asked to sign in (`onNeedUser`).
 */
export function WatchButton({ tenderId, signedIn, onNeedUser }: { tenderId: string; signedIn: boolean; onNeedUser(): void }) {
  const watch = useTenderWatch(tenderId, signedIn);
  const toggle = useToggleWatch(tenderId);
  const watching = !!watch.data;
  return (
    <Button
      variant="secondary"
      aria-pressed={watching}
      title={M.watchHint}
      disabled={toggle.isPending}
      onClick={() =>
        signedIn
          ? toggle.mutate(!watching, {
              onSuccess: (now) => toast({ title: now ? M.watchStarted : M.watchStopped, description: now ? M.watchHint : undefined, variant: 'success' }),
              onError: (e) => toast({ title: 'Error', description: e.message || M.watchFailed, variant: 'destructive' }),
            })
          : onNeedUser()
      }
    >
      {watching ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      {watching ? M.watching : M.watch}
    </Button>
  );
}
