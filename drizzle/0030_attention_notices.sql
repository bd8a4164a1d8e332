ALTER TABLE "bookings" ADD COLUMN "attention" jsonb;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "attention" jsonb;--> statement-breakpoint
-- A refund note from before is cleared by its kind once the refund is made: give it one.
UPDATE "bookings" SET "attention" = jsonb_build_object('kind', 'refundIssuing', 'values', jsonb_build_object('amount', replace(substring("attention_reason" from '^Refund of ¥([0-9,]+) is being issued\.$'), ',', '')::integer)) WHERE "attention_reason" ~ '^Refund of ¥[0-9,]+ is being issued\.$';
