/**
 * The row types of the tables, for code that names rows without touching tables: services, mappers,
 * mails. A service imports no `db/schema` (docs/decisions/0348); it takes these types from here or
 * from its repository. Types only.
 */
export type {
  AdminAuditRow,
  ApiKeyRow,
  AssetRow,
  NewTenderRow,
  PartRow,
  ProviderClaimRow,
  ProviderMediaFileRow,
  ProviderRow,
  QuoteAttachmentRow,
  QuoteRow,
  StoredFileKind,
  StoredFileRow,
  TenderEventKind,
  TenderRow,
  UserRow,
} from './schema/index';
