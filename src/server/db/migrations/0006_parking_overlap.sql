-- One vehicle's parking reservations never overlap. Ranges are half-open ([start, end)), so a
-- reservation may begin exactly when the previous one ends. Drizzle cannot declare an exclusion
-- constraint, hence this hand-written migration. btree_gist lets a GiST index compare the uuid
-- with "=" next to the range "&&"; like pg_trgm it is a trusted extension (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "parking_reservations"
  ADD CONSTRAINT "parking_reservations_no_overlap"
  EXCLUDE USING gist ("vehicle_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("vehicle_id" IS NOT NULL);
