import { Link } from './ui/link';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { signInPath } from '@solar/shared/domain/redirect';
import { buttonClasses } from './ui/button';
import { Dialog } from './ui/dialog';

/** 'Sign In Required' (docs/product/providers.md#provider-card): sign in or sign up, coming back to `redirect`. */
export function SignInRequiredDialog({
  open,
  onOpenChange,
  redirect,
  context = 'quote',
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  redirect: string;
  context?: 'quote' | 'tender';
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={M.signInRequired}
      description={context === 'tender' ? M.signInToInvite : M.signInToQuote}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Link to={signInPath('/auth/register', redirect)} className={buttonClasses('secondary')}>
          Sign up
        </Link>
        <Link to={signInPath('/auth', redirect)} className={buttonClasses('primary')}>
          Sign in
        </Link>
      </div>
    </Dialog>
  );
}
