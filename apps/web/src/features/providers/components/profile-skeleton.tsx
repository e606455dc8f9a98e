import { Skeleton } from '../../../components/ui/skeleton';

export function ProfileSkeleton() {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6" aria-busy="true" aria-label="Loading provider">
      <Skeleton className="h-40 w-full sm:h-56" />
      <div className="flex gap-4">
        <Skeleton className="h-24 w-24" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-5 w-1/4" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
