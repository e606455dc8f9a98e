/**
 * What a page loads up front for its exports (docs/product/exports.md, decisions 0491, 0531): the
 * most rows one export holds (the server's `EXPORT_MAX_ROWS` may lower it; the browser's
 * configuration reads it on every page) and the button's label. The rest of the export texts load
 * with the export dialog, outside every page's first load.
 */
export const EXPORT_MAX_ROWS = 1_000_000;
export const EXPORT_BUTTON = 'Export';
