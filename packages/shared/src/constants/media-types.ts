/**
 * The media types the API's answers carry (decision 0570): one home for what the OpenAPI document
 * lists for each route and what the routes send, so the two are compared by a test
 * (apps/server/test/openapi-media-types.test.ts) rather than kept alike by hand.
 */
import { DOC_MIME } from './quotes';
import { TENDER_FILE_TYPES } from './tender-lifecycle';

export const JSON_MEDIA = 'application/json';
export const CSV_MEDIA = 'text/csv';
export const XLSX_MEDIA = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ZIP_MEDIA = 'application/zip';
export const PDF_MEDIA = 'application/pdf';
/** A stored file whose checked type has no known extension (plugins/downloads.ts). */
export const UNKNOWN_FILE_MEDIA = 'application/octet-stream';

/** An export's file (platform/export.ts): CSV by default, JSON with `format=json`. */
export const EXPORT_MEDIA_TYPES = [CSV_MEDIA, JSON_MEDIA] as const;

/**
 * A stored upload as it is downloaded (plugins/downloads.ts): the type checked from its bytes at
 * upload, one of those the uploads accept, else the generic binary type.
 */
export const STORED_FILE_MEDIA_TYPES = [...Object.keys(TENDER_FILE_TYPES), DOC_MIME, UNKNOWN_FILE_MEDIA] as const;

/** The media type of a Content-Type header, without its parameters: 'text/csv; charset=utf-8' → 'text/csv'. */
export const mediaTypeOf = (contentType: string | undefined): string => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
