import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { useMe } from '../../../lib/session/get-me';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { useTokenFromHash } from './token-from-hash';

/** /verify-email#token=…: the link mailed at sign-up (decision 0337), followed once on arrival. */
export function VerifyEmailPage() {
  const token = useTokenFromHash();
  const verify = useVerifyEmail();
  const { data: user } = useMe();
  const sent = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const next = user ? (
    <Link to="/dashboard" className={buttonClasses('primary')}>
      Go to your dashboard
    </Link>
  ) : (
    <Link to="/login?redirect=/dashboard" className={buttonClasses('primary')}>
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
          <div>{next}</div>
        </div>
      ) : verify.isSuccess ? (
        <div className="grid gap-4">
          <p role="status" className="flex items-start gap-2 text-sm text-slate-800">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
            {M.emailVerified}
          </p>
          <div>{next}</div>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Confirming your email address...
        </p>
      )}
    </AuthCard>
  );
}
