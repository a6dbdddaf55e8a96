-- Issue 42, hand-written (decision 067): the search expression keeps the 1,000 statistics entries it has
-- on `loads_search_trgm` (migration 0007) on the customer's search index too (migration 0052), whichever
-- of the two the planner reads them from.
ALTER INDEX "loads_customer_search_trgm" ALTER COLUMN 2 SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "loads";
