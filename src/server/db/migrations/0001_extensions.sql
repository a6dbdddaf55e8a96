-- Trigram indexes for "contains" search on large tables (loads: number and cities).
-- pg_trgm is a trusted extension: the database owner may create it (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
