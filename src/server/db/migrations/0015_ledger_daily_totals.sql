CREATE TABLE "ledger_daily_totals" (
	"occurred_on" date NOT NULL,
	"direction" "ledger_direction" NOT NULL,
	"category" "ledger_category" NOT NULL,
	"source" "ledger_source" NOT NULL,
	"voided" boolean NOT NULL,
	"entries" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "ledger_daily_totals_occurred_on_direction_category_source_voided_pk" PRIMARY KEY("occurred_on","direction","category","source","voided")
);
--> statement-breakpoint
-- The ledger's daily sums follow every write to "transactions" in the writing statement (decision
-- 024): statement triggers with transition tables, so a bulk insert adds one aggregate per key and an
-- update that moves no money (a receipt attached) changes nothing. Keys are upserted in key order,
-- so two writers never lock them in opposite orders.
CREATE FUNCTION "ledger_daily_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_daily_totals" AS t ("occurred_on", "direction", "category", "source", "voided", "entries", "amount")
  SELECT c."occurred_on", c."direction", c."category", c."source", c."voided", sum(c."sign")::int, sum(c."sign" * c."amount")
  FROM (
      SELECT n."occurred_on", n."direction", n."category", n."source", n."voided_at" IS NOT NULL AS "voided", 1 AS "sign", n."amount" FROM "new_rows" n
  ) c
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."amount") <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("occurred_on", "direction", "category", "source", "voided")
  DO UPDATE SET "entries" = t."entries" + excluded."entries", "amount" = t."amount" + excluded."amount";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_daily_totals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_daily_totals" AS t ("occurred_on", "direction", "category", "source", "voided", "entries", "amount")
  SELECT c."occurred_on", c."direction", c."category", c."source", c."voided", sum(c."sign")::int, sum(c."sign" * c."amount")
  FROM (
      SELECT n."occurred_on", n."direction", n."category", n."source", n."voided_at" IS NOT NULL AS "voided", 1 AS "sign", n."amount" FROM "new_rows" n
      UNION ALL
      SELECT o."occurred_on", o."direction", o."category", o."source", o."voided_at" IS NOT NULL AS "voided", -1 AS "sign", o."amount" FROM "old_rows" o
  ) c
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."amount") <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("occurred_on", "direction", "category", "source", "voided")
  DO UPDATE SET "entries" = t."entries" + excluded."entries", "amount" = t."amount" + excluded."amount";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ledger_daily_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_daily_totals" AS t ("occurred_on", "direction", "category", "source", "voided", "entries", "amount")
  SELECT c."occurred_on", c."direction", c."category", c."source", c."voided", sum(c."sign")::int, sum(c."sign" * c."amount")
  FROM (
      SELECT o."occurred_on", o."direction", o."category", o."source", o."voided_at" IS NOT NULL AS "voided", -1 AS "sign", o."amount" FROM "old_rows" o
  ) c
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."amount") <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("occurred_on", "direction", "category", "source", "voided")
  DO UPDATE SET "entries" = t."entries" + excluded."entries", "amount" = t."amount" + excluded."amount";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_inserted" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_daily_totals_inserted"();
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_updated" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_daily_totals_updated"();
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_deleted" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_daily_totals_deleted"();
--> statement-breakpoint
-- What the ledger already holds.
INSERT INTO "ledger_daily_totals" ("occurred_on", "direction", "category", "source", "voided", "entries", "amount")
  SELECT "occurred_on", "direction", "category", "source", "voided_at" IS NOT NULL, count(*)::int, sum("amount")
  FROM "transactions" GROUP BY 1, 2, 3, 4, 5;
