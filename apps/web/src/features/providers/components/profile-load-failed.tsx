import type { ReactNode } from 'react';
import { Link } from '../../../components/ui/link';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { NOT_FOUND } from '@solar/shared/constants/ui';
import { NotFoundCard } from '../../../components/not-found-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { isNotFound } from '../api/get-provider';

/** A profile that did not load: 'not found' with the way back, or the error with Try Again. */
export function ProfileLoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return isNotFound(error) ? (
    <Centered>
      <NotFoundCard
        title={M.providerNotFound}
        hint={NOT_FOUND.recordHint}
        links={[
          { to: '/providers', label: 'Back to Directory' },
          { to: '/', label: NOT_FOUND.homeLink },
        ]}
      />
    </Centered>
  ) : (
    <Centered>
      <p role="alert" className="text-destructive">
        {(error as Error | null)?.message || M.detailsFailed}
      </p>
      <div className="flex gap-2">
        <Button onClick={onRetry}>Try Again</Button>
        <Link to="/providers" className={buttonClasses('secondary')}>
          Back to Directory
        </Link>
      </div>
    </Centered>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">{children}</div>;
}
