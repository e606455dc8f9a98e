import { Link } from '../../../components/ui/link';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** 'Authentication Required' with Cancel, Login and Register (docs/product/tenders.md#list-a-tender), returning to `redirect`. */
export function AuthRequiredDialog({
  open,
  onOpenChange,
  redirect,
  description = TENDER_MESSAGES.authRequired,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  redirect: string;
  description?: string;
}) {
  const target = encodeURIComponent(redirect);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={TENDER_MESSAGES.authRequiredTitle} description={description}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Link to={`/register?redirect=${target}`} className={buttonClasses('secondary')}>
          Register
        </Link>
        <Link to={`/login?redirect=${target}`} className={buttonClasses('primary')}>
          Login
        </Link>
      </div>
    </Dialog>
  );
}
