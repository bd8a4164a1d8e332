CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_date" date NOT NULL,
	"tour_time" text NOT NULL,
	"email" text NOT NULL,
	"number_of_people" integer NOT NULL,
	"tour_package_id" integer NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"token" text NOT NULL,
	"notices" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_token_unique" UNIQUE("token"),
	CONSTRAINT "waitlist_entries_tour_time_check" CHECK ("waitlist_entries"."tour_time" in ('morning', 'afternoon', 'full-day')),
	CONSTRAINT "waitlist_entries_group_size_check" CHECK ("waitlist_entries"."number_of_people" between 1 and 5),
	CONSTRAINT "waitlist_entries_email_check" CHECK ("waitlist_entries"."email" = lower(btrim("waitlist_entries"."email")) and length("waitlist_entries"."email") between 3 and 254),
	CONSTRAINT "waitlist_entries_locale_check" CHECK ("waitlist_entries"."locale" in ('en', 'ja', 'zh-Hant', 'zh-Hans', 'ko')),
	CONSTRAINT "waitlist_entries_notices_check" CHECK ("waitlist_entries"."notices" >= 0)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tour_package_id_tour_packages_id_fk" FOREIGN KEY ("tour_package_id") REFERENCES "public"."tour_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_slot_email_key" ON "waitlist_entries" USING btree ("tour_date","tour_time","email");--> statement-breakpoint
CREATE INDEX "waitlist_entries_email_idx" ON "waitlist_entries" USING btree ("email");