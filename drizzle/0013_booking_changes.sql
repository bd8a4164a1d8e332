CREATE TABLE "booking_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"actor_username" text,
	"from_date" date NOT NULL,
	"from_time" text NOT NULL,
	"from_package_id" integer NOT NULL,
	"from_people" integer NOT NULL,
	"from_total" integer NOT NULL,
	"to_date" date NOT NULL,
	"to_time" text NOT NULL,
	"to_package_id" integer NOT NULL,
	"to_people" integer NOT NULL,
	"to_total" integer NOT NULL,
	"guest_told" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_changes_actor_check" CHECK ("booking_changes"."actor" in ('guest', 'guide', 'disruption')),
	CONSTRAINT "booking_changes_time_check" CHECK ("booking_changes"."from_time" in ('morning', 'afternoon', 'full-day') and "booking_changes"."to_time" in ('morning', 'afternoon', 'full-day')),
	CONSTRAINT "booking_changes_totals_check" CHECK ("booking_changes"."from_total" >= 0 and "booking_changes"."to_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trip_settings" ADD COLUMN "guest_move_limit" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_booking_id_idx" ON "booking_changes" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "trip_settings" ADD CONSTRAINT "trip_settings_guest_move_limit_check" CHECK ("trip_settings"."guest_move_limit" between 0 and 10);