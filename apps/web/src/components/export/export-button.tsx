import { lazy, Suspense, useState } from 'react';
import { Download } from '../ui/icons';
import { EXPORT_BUTTON } from '@solar/shared/constants/exports-core';
import { Button } from '../ui/button';

/** The dialog loads on the first click, not with the page (the first-load budget, decision 0509). */
const ExportDialog = lazy(() => import('./export-dialog'));

export interface ExportFiles {
  csv: string;
  json: string;
}

/**
 * 'Export' on a page of results (docs/product/exports.md#buttons, decision 0531): a dialog with the
 * page's CSV and JSON downloads, built from its current filters, saying when the result is larger
 * than one file holds. The files are plain links, so the browser streams them to disk.
 */
export function ExportButton({
  files,
  what,
  total,
  className,
}: {
  files: () => ExportFiles;
  /** What the file holds: the page's count ('1,234 providers', said as '… matching the filters'), null before it is known, or its own words. */
  what: { counted: string | null } | { words: string };
  total?: number;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Download className="h-4 w-4" aria-hidden />
        {EXPORT_BUTTON}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog open={open} onOpenChange={setOpen} files={files()} what={what} total={total} />
        </Suspense>
      )}
    </>
  );
}
