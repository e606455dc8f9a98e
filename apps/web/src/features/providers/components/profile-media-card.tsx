import { Link } from '../../../components/ui/link';
import { FileText } from '../../../components/ui/icons';
import type { Provider } from '@solar/shared/contracts/providers';
import { PROFILE_MEDIA_PREVIEW, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { signInPath } from '@solar/shared/domain/redirect';
import { formatNumber } from '@solar/shared/domain/count';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';

/** 'Associated Media' on a profile (docs/product/providers.md#profile): the first files, Manage files for the owner. */
export function ProfileMediaCard({
  provider,
  canEdit,
  signedIn,
  pathId,
}: {
  provider: Provider;
  canEdit: boolean;
  /** The files page needs a login: a visitor's link says so and goes through sign-in. */
  signedIn: boolean;
  pathId: string;
}) {
  const mediaPath = `/providers/${pathId}/media`;
  const media = provider.mediaFiles.slice(0, PROFILE_MEDIA_PREVIEW);
  return (
    <Card>
      <div className="flex items-center justify-between p-6 pb-3">
        <h2 className="text-lg font-semibold">Associated Media</h2>
        {canEdit && (
          <Link to={`/providers/${pathId}/media`} className={buttonClasses('secondary', 'sm')}>
            Manage files
          </Link>
        )}
      </div>
      <CardContent>
        {media.length === 0 ? (
          <p className="text-sm text-muted-foreground">No media files yet</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {media.map((f) => (
              <li key={f.id}>
                <a
                  href={f.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block overflow-hidden rounded-md border border-border"
                >
                  {f.type === 'image' ? (
                    <img
                      src={f.thumbnailUrl ?? f.url}
                      alt={f.title}
                      className="aspect-square w-full object-cover"
                    />
                  ) : (
                    <span className="flex aspect-square flex-col items-center justify-center gap-2 p-2 text-center text-xs">
                      <FileText className="h-8 w-8 text-slate-500" aria-hidden />
                      {f.title}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
        {provider.mediaFiles.length > PROFILE_MEDIA_PREVIEW && (
          <Link
            to={signedIn ? mediaPath : signInPath('/login', mediaPath)}
            className="mt-3 inline-block text-sm font-medium text-primary hover:underline"
          >
            View All Files ({formatNumber(provider.mediaFiles.length)})
            {!signedIn && <span className="font-normal text-muted-foreground"> · {M.signInToViewFiles}</span>}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
