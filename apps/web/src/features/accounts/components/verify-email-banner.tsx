import { useState } from 'react';
import { useLocation } from 'react-router';
import { MailWarning } from '../../../components/ui/icons';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import { Button } from '../../../components/ui/button';
import { useMe } from '../../../lib/session/get-me';
import { useResendVerification } from '../api/resend-verification';

/**
 * Shown on every page while the signed-in account has not followed its verification link
 * (decision 0337), with a way to get a new one that returns to this page; the answer shows beside the button.
 */
export function VerifyEmailBanner() {
  const { data: user } = useMe();
  const location = useLocation();
  const resend = useResendVerification();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  if (!user || user.emailVerified) return null;
  return (
    <section aria-label="Email confirmation" className="border-b border-amber-200 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm sm:px-6 lg:px-8">
        <MailWarning className="h-5 w-5 shrink-0" aria-hidden />
        <p className="min-w-48 flex-1 [overflow-wrap:anywhere]">{M.verifyBanner(user.email)}</p>
        {/* On a phone the button wraps under the text, lined up with it. */}
        <Button
          size="sm"
          variant="secondary"
          className="max-sm:ml-9"
          disabled={resend.isPending}
          onClick={() =>
            // The new link brings the user back to this page once followed (issue 28 item 7).
            resend.mutate(`${location.pathname}${location.search}`, {
              onSuccess: (body) => setAnswer({ ok: true, text: body.message }),
              onError: (error) => setAnswer({ ok: false, text: error.message || M.verificationSendFailed }),
            })
          }
        >
          {resend.isPending ? 'Sending...' : M.verifyResend}
        </Button>
        {answer && (
          <p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? 'w-full pl-9 text-emerald-900' : 'w-full pl-9 font-medium text-red-800'}>
            {answer.text}
          </p>
        )}
      </div>
    </section>
  );
}
