-- The Insights tab's live answers (issue 32, decision 0571): each asset's whole months between its
-- planning stages and the quarters of its stage events, written with the row (stored generated
-- columns) instead of computed for every asset of every live answer. REPD keeps the appeal's and the
-- refusal's dates as text in `extra`; parsing them per read cost about a millisecond an asset, 1.7 s
-- for the 1,600 assets of one live answer. PostgreSQL computes these on every insert and update, so
-- they are never stale. The expressions are migration 0100's (the granted date: the permission's,
-- else the Secretary of State's, else the appeal's), repeated because a generated column cannot
-- read another.
ALTER TABLE assets
  ADD COLUMN insight_decision_months integer GENERATED ALWAYS AS (
    asset_months_between(planning_submission_date, coalesce(planning_granted_date, sos_granted_date, asset_uk_date(extra->>'appeal granted')))) STORED,
  ADD COLUMN insight_refusal_months integer GENERATED ALWAYS AS (
    asset_months_between(planning_submission_date, asset_uk_date(extra->>'planning permission refused'))) STORED,
  ADD COLUMN insight_start_months integer GENERATED ALWAYS AS (
    asset_months_between(coalesce(planning_granted_date, sos_granted_date, asset_uk_date(extra->>'appeal granted')), under_construction_date)) STORED,
  ADD COLUMN insight_build_months integer GENERATED ALWAYS AS (
    asset_months_between(under_construction_date, operational_date)) STORED,
  ADD COLUMN insight_total_months integer GENERATED ALWAYS AS (
    asset_months_between(planning_submission_date, operational_date)) STORED,
  ADD COLUMN insight_submitted_quarter integer GENERATED ALWAYS AS (asset_quarter(planning_submission_date)) STORED,
  ADD COLUMN insight_granted_quarter integer GENERATED ALWAYS AS (
    asset_quarter(coalesce(planning_granted_date, sos_granted_date, asset_uk_date(extra->>'appeal granted')))) STORED,
  ADD COLUMN insight_construction_quarter integer GENERATED ALWAYS AS (asset_quarter(under_construction_date)) STORED,
  ADD COLUMN insight_operational_quarter integer GENERATED ALWAYS AS (asset_quarter(operational_date)) STORED;
