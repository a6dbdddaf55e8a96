ALTER TABLE "settlement_lines" DROP CONSTRAINT "settlement_lines_amount";--> statement-breakpoint
ALTER TABLE "tax_forms" ADD COLUMN "early_reason" text;--> statement-breakpoint
-- Issue 38 (hand-written): what a settlement carries to the next period is a deduction handed on, never
-- an addition. The carry lines written before move from the additions to the deductions as negative
-- amounts, and their settlements' additions and deductions drop by the same amount: gross is back to
-- what the driver earned, the net (and so the ledger and every payment) is unchanged. Approved and
-- paid settlements are frozen by the triggers of 0018; this one correction passes them.
ALTER TABLE "settlements" DISABLE TRIGGER "settlements_frozen";--> statement-breakpoint
ALTER TABLE "settlement_lines" DISABLE TRIGGER "settlement_lines_frozen";--> statement-breakpoint
UPDATE "settlements" s SET "additions" = s."additions" - c."amount", "deductions" = s."deductions" - c."amount"
FROM (
  SELECT "settlement_id", sum("amount") AS "amount" FROM "settlement_lines"
  WHERE "kind" = 'carry_forward' AND "section" = 'addition' GROUP BY "settlement_id"
) c
WHERE s."id" = c."settlement_id";--> statement-breakpoint
UPDATE "settlement_lines" SET "section" = 'deduction', "amount" = -"amount"
WHERE "kind" = 'carry_forward' AND "section" = 'addition';--> statement-breakpoint
ALTER TABLE "settlement_lines" ENABLE TRIGGER "settlement_lines_frozen";--> statement-breakpoint
ALTER TABLE "settlements" ENABLE TRIGGER "settlements_frozen";--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_carry_forward" CHECK (kind <> 'carry_forward' or (section = 'deduction' and amount < 0));--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_amount" CHECK (amount >= 0 or kind = 'carry_forward');
