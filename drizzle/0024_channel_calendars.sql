CREATE TABLE "channel_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_id" integer NOT NULL,
	"uid" text NOT NULL,
	"tour_date" date NOT NULL,
	"part" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"conflict_booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_blocks_part_check" CHECK ("channel_blocks"."part" in ('morning', 'afternoon'))
);
--> statement-breakpoint
CREATE TABLE "channel_calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetch_at" timestamp with time zone,
	"last_good_fetch_at" timestamp with time zone,
	"last_error" text,
	"events_count" integer DEFAULT 0 NOT NULL,
	"fetch_claimed_until" timestamp with time zone,
	CONSTRAINT "channel_calendars_name_check" CHECK (length("channel_calendars"."name") between 1 and 80),
	CONSTRAINT "channel_calendars_url_check" CHECK (length("channel_calendars"."url") between 1 and 2000 and "channel_calendars"."url" ~ '^https?://')
);
--> statement-breakpoint
ALTER TABLE "slot_claims" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_claims" ADD COLUMN "channel_block_id" integer;--> statement-breakpoint
ALTER TABLE "channel_blocks" ADD CONSTRAINT "channel_blocks_calendar_id_channel_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."channel_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_blocks" ADD CONSTRAINT "channel_blocks_conflict_booking_id_bookings_id_fk" FOREIGN KEY ("conflict_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_blocks_event_slot_unique" ON "channel_blocks" USING btree ("calendar_id","uid","tour_date","part");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_blocks_id_slot_unique" ON "channel_blocks" USING btree ("id","tour_date","part");--> statement-breakpoint
CREATE INDEX "channel_blocks_slot_idx" ON "channel_blocks" USING btree ("tour_date","part");--> statement-breakpoint
ALTER TABLE "slot_claims" ADD CONSTRAINT "slot_claims_channel_block_fk" FOREIGN KEY ("channel_block_id","tour_date","part") REFERENCES "public"."channel_blocks"("id","tour_date","part") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_claims_channel_block_id_unique" ON "slot_claims" USING btree ("channel_block_id");--> statement-breakpoint
ALTER TABLE "slot_claims" ADD CONSTRAINT "slot_claims_holder_check" CHECK (("slot_claims"."booking_id" is null) <> ("slot_claims"."channel_block_id" is null));--> statement-breakpoint
ALTER TABLE "slot_claims" ADD CONSTRAINT "slot_claims_block_expiry_check" CHECK ("slot_claims"."channel_block_id" is null or "slot_claims"."expires_at" is null);