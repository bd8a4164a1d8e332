ALTER TABLE "booking_changes" ADD COLUMN "state" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "difference" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "intent_id" text;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_intent_id_unique" UNIQUE("intent_id");--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_state_check" CHECK ("booking_changes"."state" in ('done', 'awaiting-payment', 'lapsed'));--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_difference_check" CHECK ("booking_changes"."difference" >= 0);