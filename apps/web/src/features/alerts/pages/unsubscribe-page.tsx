import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { MailX } from '../../../components/ui/icons';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useUnsubscribe, useUnsubscribeTarget } from '../api/unsubscribe';

/**
 * /unsubscribe?token=… (decision 0474): the page a mail's 'Stop these emails' link opens, without
 * signing in. It says what the link stops and stops it in one click (a GET changes nothing, so a link
 * checker or a preview never unsubscribes anyone).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const target = useUnsubscribeTarget(token);
  const stop = useUnsubscribe(token);
  const done = target.data?.done;
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12">
      <Card className="grid gap-4 p-6">
        <div className="flex items-center gap-3">
          <MailX className="h-6 w-6 text-slate-700" aria-hidden />
          <h1 className="text-xl font-semibold text-slate-900">{M.unsubscribeTitle}</h1>
        </div>
        {!token ? (
          <p role="alert" className="text-sm text-red-800">
            {M.unsubscribeInvalid}
          </p>
        ) : target.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading...
          </p>
        ) : target.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {target.error.message || M.unsubscribeInvalid}
          </p>
        ) : done ? (
          <p role="status" className="text-slate-800">
            {target.data.kind === 'search' ? M.unsubscribeSearchDone(target.data.name) : M.unsubscribeWatchDone(target.data.name)}
          </p>
        ) : (
          <>
            <p className="text-slate-800">{target.data.kind === 'search' ? M.unsubscribeSearchAsk(target.data.name) : M.unsubscribeWatchAsk(target.data.name)}</p>
            {stop.isError && (
              <p role="alert" className="text-sm text-red-800">
                {stop.error.message}
              </p>
            )}
            <div>
              <Button onClick={() => stop.mutate()} disabled={stop.isPending}>
                {stop.isPending ? 'Stopping...' : M.unsubscribeConfirm}
              </Button>
            </div>
          </>
        )}
        <p className="text-sm text-slate-700">
          <Link to="/dashboard?tab=searches" className="font-medium text-primary underline-offset-4 hover:underline">
            Manage your saved searches
          </Link>{' '}
          (you will be asked to log in).
        </p>
      </Card>
    </div>
  );
}
