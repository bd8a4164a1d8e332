CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"one_per_email" boolean DEFAULT false NOT NULL,
	"tour_kind" text,
	"min_group" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_kind_check" CHECK ("promo_codes"."kind" in ('percent', 'amount')),
	CONSTRAINT "promo_codes_value_check" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."value" between 1 and 100) or ("promo_codes"."kind" = 'amount' and "promo_codes"."value" between 1 and 1000000)),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."uses" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_max_uses_check" CHECK ("promo_codes"."max_uses" is null or "promo_codes"."max_uses" >= 1),
	CONSTRAINT "promo_codes_dates_check" CHECK ("promo_codes"."valid_from" is null or "promo_codes"."valid_to" is null or "promo_codes"."valid_from" <= "promo_codes"."valid_to"),
	CONSTRAINT "promo_codes_tour_kind_check" CHECK ("promo_codes"."tour_kind" is null or "promo_codes"."tour_kind" in ('half-day', 'full-day')),
	CONSTRAINT "promo_codes_min_group_check" CHECK ("promo_codes"."min_group" is null or "promo_codes"."min_group" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_redemptions_promo_code_id_idx" ON "promo_redemptions" USING btree ("promo_code_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_check" CHECK ("bookings"."discount" >= 0 and ("bookings"."discount" = 0 or "bookings"."promo_code" is not null));