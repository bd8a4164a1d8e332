CREATE TABLE "resellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"note" text,
	"commission_percent" integer NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"min_lead_hours" integer DEFAULT 0 NOT NULL,
	"tour_package_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resellers_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "resellers_commission_check" CHECK ("resellers"."commission_percent" between 0 and 50),
	CONSTRAINT "resellers_min_lead_check" CHECK ("resellers"."min_lead_hours" between 0 and 720)
);
--> statement-breakpoint
ALTER TABLE "money_movements" DROP CONSTRAINT "money_movements_kind_check";--> statement-breakpoint
ALTER TABLE "money_movements" DROP CONSTRAINT "money_movements_transition_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "octo_uuid" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_reseller_idx" ON "bookings" USING btree ("reseller_id","reseller_reference");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_octo_uuid_unique" UNIQUE("octo_uuid");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reseller_check" CHECK (("bookings"."reseller_id" is null) = ("bookings"."octo_uuid" is null));--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_kind_check" CHECK ("money_movements"."kind" in ('price', 'cancellation-fee', 'promo', 'voucher', 'card', 'cash', 'reseller', 'commission', 'voucher-sale'));--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_transition_check" CHECK ("money_movements"."transition" in ('create', 'lapse', 'pay', 'pay-refused', 'settle', 'confirm', 'extend', 'move', 'change-paid', 'change-refused', 'cancel', 'revive', 'mark-paid', 'refund-failed', 'provider-refund', 'voucher-sold', 'voucher-refunded', 'migrated'));