CREATE TABLE "disruption_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"disruption_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disruption_offers_state_check" CHECK ("disruption_offers"."state" in ('open', 'moved', 'refunded', 'auto-refunded', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "disruptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_date" date NOT NULL,
	"tour_time" text,
	"cause" text NOT NULL,
	"note" text,
	"actor_user_id" integer,
	"actor_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disruptions_cause_check" CHECK ("disruptions"."cause" in ('snow', 'typhoon', 'transport', 'guide-unwell', 'other')),
	CONSTRAINT "disruptions_tour_time_check" CHECK ("disruptions"."tour_time" is null or "disruptions"."tour_time" in ('morning', 'afternoon', 'full-day'))
);
--> statement-breakpoint
ALTER TABLE "disruption_offers" ADD CONSTRAINT "disruption_offers_disruption_id_disruptions_id_fk" FOREIGN KEY ("disruption_id") REFERENCES "public"."disruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_offers" ADD CONSTRAINT "disruption_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruptions" ADD CONSTRAINT "disruptions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disruption_offers_booking_key" ON "disruption_offers" USING btree ("disruption_id","booking_id");--> statement-breakpoint
CREATE INDEX "disruption_offers_open_idx" ON "disruption_offers" USING btree ("state","deadline");--> statement-breakpoint
CREATE INDEX "disruptions_tour_date_idx" ON "disruptions" USING btree ("tour_date");