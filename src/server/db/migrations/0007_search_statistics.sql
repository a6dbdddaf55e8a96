-- The load search ORs a trigram match on `load_number || ' ' || pickup_city || ' ' || delivery_city`.
-- With the default statistics (100 histogram entries) the planner guesses a common city matches ~100
-- rows, builds a bitmap of all 28,000 matches and sorts them (0.5-0.8 s at 1 M loads) instead of
-- walking the pickup-date index until a page is found (2 ms). 1,000 entries make the estimate
-- accurate to a few per cent (docs/performance.md).
ALTER INDEX "loads_search_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "loads";
