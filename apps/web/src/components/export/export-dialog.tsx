import { FileJson, FileSpreadsheet } from '../ui/icons';
import { EXPORT_MESSAGES as M } from '@solar/shared/constants/exports';
import { config } from '../../lib/config';
import { buttonClasses } from '../ui/button';
import { Dialog } from '../ui/dialog';
import type { ExportFiles } from './export-button';

/**
 * The export's choices (decision 0531): CSV or JSON of the page's whole result, what the file will
 * hold, and, when the result is larger than one file holds (`EXPORT_MAX_ROWS`), the server's own
 * notice before anything is downloaded; the file says it again (docs/product/exports.md).
 */
export default function ExportDialog({
  open,
  onOpenChange,
  files,
  what,
  total,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  files: ExportFiles;
  what: { counted: string | null } | { words: string };
  total?: number;
}) {
  const max = config.exportMaxRows;
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={M.title} description={M.holds('words' in what ? what.words : M.matching(what.counted))}>
      <div className="grid gap-3">
        {total !== undefined && total > max ? (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            {M.truncated(max, total)}
          </p>
        ) : total === 0 ? (
          <p className="rounded-md border border-border bg-muted px-3 py-2 text-sm text-slate-800">{M.nothing}</p>
        ) : (
          <p className="text-xs text-muted-foreground">{M.limit(max)}</p>
        )}
        <div className="grid gap-2">
          <a href={files.csv} download className={buttonClasses('primary', 'md', 'w-full')} onClick={close}>
            <FileSpreadsheet className="h-4 w-4" aria-hidden />
            {M.csvLong}
          </a>
          <a href={files.json} download className={buttonClasses('secondary', 'md', 'w-full')} onClick={close}>
            <FileJson className="h-4 w-4" aria-hidden />
            {M.jsonLong}
          </a>
        </div>
      </div>
    </Dialog>
  );
}
