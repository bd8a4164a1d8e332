CREATE TABLE "calendar_feed" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_single_row_check" CHECK ("calendar_feed"."id" = 1),
	CONSTRAINT "calendar_feed_token_check" CHECK (length("calendar_feed"."token") >= 22)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "policy_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "policy_version" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_policy_consent_check" CHECK (("bookings"."policy_accepted_at" is null) = ("bookings"."policy_version" is null));