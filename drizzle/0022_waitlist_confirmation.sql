CREATE TABLE "waitlist_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"confirm_token" text,
	"confirmation_sent_at" timestamp with time zone,
	"confirmations_sent" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_mail_day" date,
	"opening_mails" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_addresses_email_unique" UNIQUE("email"),
	CONSTRAINT "waitlist_addresses_confirm_token_unique" UNIQUE("confirm_token"),
	CONSTRAINT "waitlist_addresses_email_check" CHECK ("waitlist_addresses"."email" = lower(btrim("waitlist_addresses"."email")) and length("waitlist_addresses"."email") between 3 and 254),
	CONSTRAINT "waitlist_addresses_locale_check" CHECK ("waitlist_addresses"."locale" in ('en', 'ja', 'zh-Hant', 'zh-Hans', 'ko')),
	CONSTRAINT "waitlist_addresses_counts_check" CHECK ("waitlist_addresses"."confirmations_sent" >= 0 and "waitlist_addresses"."opening_mails" >= 0)
);
--> statement-breakpoint
-- Entries made before confirmation existed (docs/decisions/0070) get an address that has not
-- confirmed: nothing more is sent to it, and the sweep forgets it a day later, as any other.
INSERT INTO "waitlist_addresses" ("email", "last_joined_at", "created_at")
SELECT "email", max("created_at"), min("created_at") FROM "waitlist_entries" GROUP BY "email";
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_email_waitlist_addresses_email_fk" FOREIGN KEY ("email") REFERENCES "public"."waitlist_addresses"("email") ON DELETE cascade ON UPDATE no action;