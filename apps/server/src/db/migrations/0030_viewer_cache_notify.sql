-- Signed-in dashboard reads are answered from memory per viewer (docs/decisions/0412): the writes
-- that can change one user's saved tenders or Tenders tab notify on the channel of migration 0026
-- (`read_cache_notify`), named as narrowly as a column allows. SQL valid on PostgreSQL 15+ and PGlite.
--
--   'tenders|…|<tender ids>'             a tender row changed (was one coarse 'tenders|all|'; every
--                                          cache tagged 'tenders' still drops on any of them).
--   'viewers|row|<user ids>'              a row belonging to those users changed: their saves, their
--                                          alert setting, tenders they own, providers they own (or
--                                          owned: old and new owners both), email invitations they
--                                          accepted, their claims.
--   'tender-invitations|row|<tender ids>' a provider invited to those tenders, or uninvited.
--   'provider-invitations|row|<provider ids>' the same write, named by the invited providers (a
--                                          new invitation to a tender not yet on anyone's list).
--   'tender-activity|row|<tender ids>'    a response or question to those tenders (the counts the
--                                          owner's list shows, and whether the viewer responded).
--
-- Child tables send any change of a row (they have no column list): a reminder sent or a digest
-- mailed drops that one user's answers, which is rare and correct.

-- Tenders: rows instead of coarse. No column is listed as shown-only, so every change is 'match'
-- (the safe side for a later 'tenders:set' answer); the board, a visitor's tender page, the sitemaps
-- and the admin waiting list are tagged with the bare 'tenders' and drop on every one of them.
DROP TRIGGER tenders_read_cache ON tenders;
CREATE TRIGGER tenders_read_cache_ins AFTER INSERT ON tenders REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tenders', 'rows', '', '');
CREATE TRIGGER tenders_read_cache_upd AFTER UPDATE ON tenders REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tenders', 'rows', '', '');
CREATE TRIGGER tenders_read_cache_del AFTER DELETE ON tenders REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tenders', 'rows', '', '');
CREATE TRIGGER tenders_read_cache_trunc AFTER TRUNCATE ON tenders
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tenders', 'coarse', '', '');

-- Per viewer, by the column naming the user.
CREATE TRIGGER tenders_viewer_cache_ins AFTER INSERT ON tenders REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tenders_viewer_cache_upd AFTER UPDATE ON tenders REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tenders_viewer_cache_del AFTER DELETE ON tenders REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tenders_viewer_cache_trunc AFTER TRUNCATE ON tenders
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'coarse', '', '');

CREATE TRIGGER tender_saves_viewer_cache_ins AFTER INSERT ON tender_saves REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tender_saves_viewer_cache_upd AFTER UPDATE ON tender_saves REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tender_saves_viewer_cache_del AFTER DELETE ON tender_saves REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tender_saves_viewer_cache_trunc AFTER TRUNCATE ON tender_saves
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'coarse', '', '');

CREATE TRIGGER tender_alerts_viewer_cache_ins AFTER INSERT ON tender_alerts REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tender_alerts_viewer_cache_upd AFTER UPDATE ON tender_alerts REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tender_alerts_viewer_cache_del AFTER DELETE ON tender_alerts REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tender_alerts_viewer_cache_trunc AFTER TRUNCATE ON tender_alerts
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'coarse', '', '');

-- An accepted email invitation makes a private tender visible to the account that accepted it.
CREATE TRIGGER tender_email_invitations_viewer_cache_ins AFTER INSERT ON tender_email_invitations REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'accepted_by', '');
CREATE TRIGGER tender_email_invitations_viewer_cache_upd AFTER UPDATE ON tender_email_invitations REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'accepted_by', '');
CREATE TRIGGER tender_email_invitations_viewer_cache_del AFTER DELETE ON tender_email_invitations REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'accepted_by', '');
CREATE TRIGGER tender_email_invitations_viewer_cache_trunc AFTER TRUNCATE ON tender_email_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'coarse', '', '');

-- A provider's owner and approval decide which private tenders the owner sees and is invited to,
-- its name is on the invitations list, and whether the owner has a profile is on the alert setting.
CREATE TRIGGER providers_viewer_cache_ins AFTER INSERT ON providers REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER providers_viewer_cache_upd AFTER UPDATE ON providers REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER providers_viewer_cache_del AFTER DELETE ON providers REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER providers_viewer_cache_trunc AFTER TRUNCATE ON providers
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'coarse', '', '');

-- A user's claims are on their dashboard's profile tab (with each claimed provider's name: 0026's
-- provider triggers name it).
CREATE TRIGGER provider_claims_viewer_cache_ins AFTER INSERT ON provider_claims REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER provider_claims_viewer_cache_upd AFTER UPDATE ON provider_claims REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER provider_claims_viewer_cache_del AFTER DELETE ON provider_claims REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER provider_claims_viewer_cache_trunc AFTER TRUNCATE ON provider_claims
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'coarse', '', '');

-- Invitations: by tender (the owner's invited providers; a saved private tender's visibility) and by
-- provider (a tender joining the invitations list of the provider's owner).
CREATE TRIGGER tender_invitations_tender_cache_ins AFTER INSERT ON tender_invitations REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-invitations', 'child', 'tender_id', '');
CREATE TRIGGER tender_invitations_tender_cache_upd AFTER UPDATE ON tender_invitations REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-invitations', 'child', 'tender_id', '');
CREATE TRIGGER tender_invitations_tender_cache_del AFTER DELETE ON tender_invitations REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-invitations', 'child', 'tender_id', '');
CREATE TRIGGER tender_invitations_tender_cache_trunc AFTER TRUNCATE ON tender_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-invitations', 'coarse', '', '');
CREATE TRIGGER tender_invitations_provider_cache_ins AFTER INSERT ON tender_invitations REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('provider-invitations', 'child', 'provider_id', '');
CREATE TRIGGER tender_invitations_provider_cache_upd AFTER UPDATE ON tender_invitations REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('provider-invitations', 'child', 'provider_id', '');
CREATE TRIGGER tender_invitations_provider_cache_del AFTER DELETE ON tender_invitations REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('provider-invitations', 'child', 'provider_id', '');
CREATE TRIGGER tender_invitations_provider_cache_trunc AFTER TRUNCATE ON tender_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('provider-invitations', 'coarse', '', '');

-- Responses and questions: the counts on the owner's list, "responded" on the invitations list.
CREATE TRIGGER tender_responses_activity_cache_ins AFTER INSERT ON tender_responses REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-activity', 'child', 'tender_id', '');
CREATE TRIGGER tender_responses_activity_cache_upd AFTER UPDATE ON tender_responses REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-activity', 'child', 'tender_id', '');
CREATE TRIGGER tender_responses_activity_cache_del AFTER DELETE ON tender_responses REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-activity', 'child', 'tender_id', '');
CREATE TRIGGER tender_responses_activity_cache_trunc AFTER TRUNCATE ON tender_responses
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-activity', 'coarse', '', '');
CREATE TRIGGER tender_questions_activity_cache_ins AFTER INSERT ON tender_questions REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-activity', 'child', 'tender_id', '');
CREATE TRIGGER tender_questions_activity_cache_upd AFTER UPDATE ON tender_questions REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-activity', 'child', 'tender_id', '');
CREATE TRIGGER tender_questions_activity_cache_del AFTER DELETE ON tender_questions REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-activity', 'child', 'tender_id', '');
CREATE TRIGGER tender_questions_activity_cache_trunc AFTER TRUNCATE ON tender_questions
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-activity', 'coarse', '', '');
