import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { safeRedirect, signInPath } from '@solar/shared/domain/redirect';
import { useMe } from '../../../lib/session/get-me';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

/** /auth, /auth/login and /login: one sign-in form honouring a same-site `redirect` (default /). */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  const { data: user } = useMe();
  if (user) return <Navigate to={redirect} replace />;
  return (
    <AuthCard
      title="Sign In"
      description="Sign in to your Solar Marketplace account"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={signInPath('/register', redirect)} className="font-medium text-primary underline-offset-4 hover:underline">
            Register
          </Link>
        </>
      }
    >
      <LoginForm onSuccess={() => navigate(redirect, { replace: true })} />
      <p className="mt-4 text-center text-sm">
        <Link to="/reset-password" className="text-primary underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
      </p>
    </AuthCard>
  );
}
