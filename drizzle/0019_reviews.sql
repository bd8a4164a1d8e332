CREATE TABLE "review_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"token" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	CONSTRAINT "review_requests_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "review_requests_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer,
	"source" text,
	"source_url" text,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"display_name" text NOT NULL,
	"country" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"tour_package_id" integer,
	"tour_date" date NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('new', 'approved', 'hidden')),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_locale_check" CHECK ("reviews"."locale" in ('en', 'ja', 'zh-Hant', 'zh-Hans', 'ko')),
	CONSTRAINT "reviews_title_check" CHECK (length("reviews"."title") between 1 and 100),
	CONSTRAINT "reviews_text_check" CHECK (length("reviews"."text") between 1 and 2000),
	CONSTRAINT "reviews_display_name_check" CHECK (length("reviews"."display_name") between 1 and 40),
	CONSTRAINT "reviews_kind_check" CHECK (("reviews"."source" is null) or ("reviews"."booking_id" is null))
);
--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tour_package_id_tour_packages_id_fk" FOREIGN KEY ("tour_package_id") REFERENCES "public"."tour_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status");