-- The Insights tab at 1,000,000 assets (issue 32, decision 0610). A capacity range that cuts a band
-- is answered from the tables for the bands wholly inside it plus the cut band's assets counted live
-- (decision 0490): 40,000-60,000 assets at a million, whose rows the read fetched from all over the
-- heap (about 25,000 pages), and whose rows of the tables, the band and age set of the roll-ups, it
-- picked out of a quarter of a million by a filter.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- The cut band's assets from the index alone: every column the Insights tab groups or filters them
-- by (the applicant and site-name filters are answered live in full, not here), in capacity order.
CREATE INDEX assets_capacity_insight_idx ON assets (installed_capacity) INCLUDE (
  technology_type, region, development_status, record_last_updated,
  insight_decision_months, insight_refusal_months, insight_start_months, insight_build_months, insight_total_months,
  insight_submitted_quarter, insight_granted_quarter, insight_construction_quarter, insight_operational_quarter
);

-- A read with a capacity range takes one roll-up's whole bands (and its ages): a range of this
-- index, which holds every column such a read takes, so the rows come from the index alone once the
-- rebuild's VACUUM has marked the pages all-visible, wherever the rows sit in the heap.
CREATE INDEX asset_insight_totals_band_idx ON asset_insight_totals (dims, band, age)
  INCLUDE (technology_type, region, development_status, n, capacity);
CREATE INDEX asset_insight_durations_band_idx ON asset_insight_durations (dims, band, age)
  INCLUDE (technology_type, region, development_status, transition, months, n);
CREATE INDEX asset_insight_quarters_band_idx ON asset_insight_quarters (dims, band, age)
  INCLUDE (technology_type, region, development_status, event, quarter, n, capacity);

-- Rebuilt (and vacuumed) by the next warm-up or import.
UPDATE asset_insights_state SET stale = true;
