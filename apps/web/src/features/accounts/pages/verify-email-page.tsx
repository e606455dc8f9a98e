import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link';
import { CheckCircle2 } from '../../../components/ui/icons';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import { signInPath } from '@solar/shared/domain/redirect';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useMe } from '../../../lib/session/get-me';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { useLinkFragment } from './token-from-hash';

/**
 * /verify-email#token=…&next=…: the link mailed at sign-up (decision 0337), followed once on
 * arrival. With a return path (the page the user signed up or asked for the link from, checked by
 * `safeRedirect`), a confirmed address lands them back there (issue 28 item 7).
 */
export function VerifyEmailPage() {
  const { token, next } = useLinkFragment();
  const verify = useVerifyEmail();
  const navigate = useNavigate();
  const { data: user } = useMe();
  const sent = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token, {
      onSuccess: () => {
        if (!next) return;
        toast({ title: M.emailVerified, variant: 'success' });
        void navigate(next, { replace: true });
      },
    });
  }, [token, next, mutate, navigate]);

  const onward = user ? (
    <Link to={next || '/dashboard'} className={buttonClasses('primary')}>
      {next ? 'Continue where you left off' : 'Go to your dashboard'}
    </Link>
  ) : (
    <Link to={signInPath('/login', next || '/dashboard')} className={buttonClasses('primary')}>
      Sign in
    </Link>
  );

  return (
    <AuthCard title="Confirm your email address">
      {!token || verify.isError ? (
        <div className="grid gap-4">
          <Alert title="This link did not work">
            <p>{verify.error?.message || M.verificationInvalid}</p>
          </Alert>
          <div>{onward}</div>
        </div>
      ) : verify.isSuccess ? (
        <div className="grid gap-4">
          <p role="status" className="flex items-start gap-2 text-sm text-slate-800">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
            {M.emailVerified}
          </p>
          <div>{onward}</div>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Confirming your email address...
        </p>
      )}
    </AuthCard>
  );
}
