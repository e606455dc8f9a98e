import { ASSET_MESSAGES, PROJECT_COLUMNS, type ProjectSortKey } from '@solar/shared/constants/assets';
import type { ProjectRow } from '@solar/shared/contracts/assets';
import { formatDate } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Select } from '../../../components/ui/select';
import type { AssetPick } from './asset-map';

type Sort = { sortBy: ProjectSortKey; sortDirection: 'asc' | 'desc' };

/** A project's value in a column, as the table and the cards show it (docs/product/assets.md#projects-table). */
export function cell(row: ProjectRow, key: ProjectSortKey): string {
  switch (key) {
    case 'installedCapacity':
      return row.installedCapacity === null ? ASSET_MESSAGES.notAvailable : row.installedCapacity.toFixed(1);
    case 'planningSubmissionDate':
    case 'planningGrantedDate':
      return formatDate(row[key]);
    default:
      return row[key] ?? ASSET_MESSAGES.notAvailable;
  }
}

/**
 * The projects below 1024 px (decision 0506): a card per project with every column, and one select
 * for the sort of every column both ways. `state` is the loading, error or empty line, shown instead.
 */
export function ProjectCards({ rows, state, sort, onSort, onOpen }: { rows: ProjectRow[]; state: React.ReactNode; sort: Sort; onSort(sort: Sort): void; onOpen(pick: AssetPick): void }) {
  return (
    <div className="grid gap-3">
      <label className="grid gap-1.5 text-sm font-medium text-slate-800 sm:max-w-sm">
        {ASSET_MESSAGES.sortProjects}
        <Select
          value={`${sort.sortBy}:${sort.sortDirection}`}
          onChange={(e) => {
            const [sortBy, sortDirection] = e.target.value.split(':') as [ProjectSortKey, 'asc' | 'desc'];
            onSort({ sortBy, sortDirection });
          }}
        >
          {PROJECT_COLUMNS.flatMap((c) =>
            (['asc', 'desc'] as const).map((direction) => (
              <option key={`${c.key}:${direction}`} value={`${c.key}:${direction}`}>
                {ASSET_MESSAGES.sortOption(c.label, direction)}
              </option>
            )),
          )}
        </Select>
      </label>
      {state ?? (
        <ul aria-label={ASSET_MESSAGES.projectsTitle} className="grid gap-3 md:grid-cols-2">
          {rows.map((row) => (
            <li key={row.id} className="rounded-lg border border-border bg-white p-4" data-testid="project-card">
              <SiteName row={row} onOpen={onOpen} />
              <dl className="mt-3 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
                {PROJECT_COLUMNS.filter((c) => c.key !== 'siteName').map((c) => (
                  <div key={c.key} className="contents">
                    <dt className="text-slate-600">{c.label}</dt>
                    <dd className="break-words text-slate-900">{cell(row, c.key)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A project's name, opening its tab, with the possible-duplicate mark (decision 0195). */
export function SiteName({ row, onOpen }: { row: ProjectRow; onOpen(pick: AssetPick): void }) {
  return (
    <>
      <button
        type="button"
        className="text-left font-medium text-primary hover:underline"
        onClick={() => onOpen({ id: row.id, title: row.siteName })}
      >
        {row.siteName}
      </button>
      {row.possibleDuplicate && (
        <Badge variant="warning" className="ml-2">
          Possible duplicate
        </Badge>
      )}
    </>
  );
}
