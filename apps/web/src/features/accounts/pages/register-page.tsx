import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { USER_TYPES, type UserType } from '@solar/shared/constants/accounts';
import { safeRedirect, signInPath } from '@solar/shared/domain/redirect';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';

/**
 * /auth/register and /register (docs/product/accounts.md#sign-up): `type=provider` (or representative) fixes the type,
 * otherwise the selector defaults to provider; success goes to the same-site `redirect` (default /);
 * an invitation link's landing passes the invited address to fill in.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  const typeParam = params.get('type');
  const fixedType = USER_TYPES.includes(typeParam as UserType) ? (typeParam as UserType) : undefined;
  const providerId = params.get('providerId') ?? undefined;
  // An invitation's landing hands over the invited address in the navigation's state, never the address bar (decision 0443).
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email.slice(0, 254) : undefined;
  return (
    <AuthCard
      title="Create your account"
      description="List your services or your solar assets on the UK solar marketplace"
      footer={
        <>
          Already have an account?{' '}
          <Link to={signInPath('/login', redirect)} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignupForm fixedType={fixedType} providerId={providerId} defaultEmail={email} returnTo={redirect} onSuccess={() => navigate(redirect, { replace: true })} />
    </AuthCard>
  );
}
