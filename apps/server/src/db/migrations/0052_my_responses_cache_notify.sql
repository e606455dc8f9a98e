-- The dashboard's "My responses" (issue 27 defect 6) is answered from memory per viewer (decision
-- 0412): a response the user sends names them ('viewers' by the responder), and a clarification the
-- owner asks for changes that one response's state ('tender-responses' by response). SQL valid on
-- PostgreSQL 15+ and PGlite; the channel and function of migration 0026.
CREATE TRIGGER tender_responses_viewer_cache_ins AFTER INSERT ON tender_responses REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tender_responses_viewer_cache_upd AFTER UPDATE ON tender_responses REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER tender_responses_viewer_cache_del AFTER DELETE ON tender_responses REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');

CREATE TRIGGER tender_clarifications_response_cache_ins AFTER INSERT ON tender_clarifications REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-responses', 'child', 'response_id', '');
CREATE TRIGGER tender_clarifications_response_cache_upd AFTER UPDATE ON tender_clarifications REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-responses', 'child', 'response_id', '');
CREATE TRIGGER tender_clarifications_response_cache_del AFTER DELETE ON tender_clarifications REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-responses', 'child', 'response_id', '');
CREATE TRIGGER tender_clarifications_response_cache_trunc AFTER TRUNCATE ON tender_clarifications
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tender-responses', 'coarse', '', '');
