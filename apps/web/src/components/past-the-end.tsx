import { Link } from './ui/link';
import { PAGING } from '@solar/shared/constants/ui';
import { buttonClasses } from './ui/button';
import { Card } from './ui/card';

/**
 * A page number past the end of a list that is not empty (decision 0354): not 'nothing found',
 * which would contradict the count beside it, but the way to the last page.
 */
export function PastTheEnd({ lastPage, to }: { lastPage: number; to: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center">
      <h2 className="text-lg font-semibold">{PAGING.pastTheEnd}</h2>
      <Link to={to} className={buttonClasses('primary')}>
        {PAGING.lastPage(lastPage)}
      </Link>
    </Card>
  );
}
