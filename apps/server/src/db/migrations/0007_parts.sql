-- Parts catalogue (issue 10): CEC PV modules and inverters (SAM library files) and bslib battery
-- systems, imported from data/parts. SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE parts (
  -- Deterministic from (kind, source_key), so /parts/{id} links stay valid across re-imports.
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('module', 'inverter', 'battery')),
  -- The source's own id: the SAM `Name`, or the bslib `ID`.
  source_key text NOT NULL,
  source_file text NOT NULL,
  manufacturer text NOT NULL,
  manufacturer_raw text NOT NULL,
  model text NOT NULL,
  -- modules: Mono-c-Si, Multi-c-Si, Thin Film, CdTe, CIGS; inverters: the CEC type; batteries: AC/DC-coupled
  technology text,
  power_w double precision CHECK (power_w >= 0),
  efficiency_pct double precision CHECK (efficiency_pct >= 0 AND efficiency_pct <= 100),
  length_m double precision,
  width_m double precision,
  area_m2 double precision,
  cells integer,
  voc_v double precision,
  vmp_v double precision,
  ac_voltage_v double precision,
  dc_voltage_max_v double precision,
  mppt_low_v double precision,
  mppt_high_v double precision,
  capacity_kwh double precision,
  coupling text CHECK (coupling IN ('AC', 'DC')),
  hybrid boolean NOT NULL DEFAULT false,
  bifacial boolean NOT NULL DEFAULT false,
  bipv boolean NOT NULL DEFAULT false,
  listed_on date,
  imported_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX parts_source_key ON parts (kind, source_key);
-- Search: kind + brand, ordered by power; trigram on the model for free-text model matches.
CREATE INDEX parts_kind_power_idx ON parts (kind, power_w DESC);
CREATE INDEX parts_kind_manufacturer_idx ON parts (kind, lower(manufacturer), power_w DESC);
CREATE INDEX parts_model_trgm_idx ON parts USING gin (lower(model) gin_trgm_ops);
