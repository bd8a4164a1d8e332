CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_username" text,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"number_of_people" integer NOT NULL,
	"tour_package_id" integer NOT NULL,
	"tour_date" date NOT NULL,
	"tour_time" text NOT NULL,
	"interest_theme" text,
	"special_requests" text,
	"admin_notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancellation_reason" text,
	"cancelled_at" timestamp with time zone,
	"hold_expires_at" timestamp with time zone,
	"total_price" integer NOT NULL,
	"currency" text DEFAULT 'JPY' NOT NULL,
	"payment_provider" text,
	"payment_intent_id" text,
	"paid_at" timestamp with time zone,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"attention_reason" text,
	"reminder_sent_at" timestamp with time zone,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymized_at" timestamp with time zone,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'cancelled', 'paid')),
	CONSTRAINT "bookings_tour_time_check" CHECK ("bookings"."tour_time" in ('morning', 'afternoon', 'full-day')),
	CONSTRAINT "bookings_group_size_check" CHECK ("bookings"."number_of_people" between 1 and 5),
	CONSTRAINT "bookings_total_check" CHECK ("bookings"."total_price" >= 0),
	CONSTRAINT "bookings_refund_check" CHECK ("bookings"."amount_refunded" >= 0 and "bookings"."amount_refunded" <= "bookings"."total_price"),
	CONSTRAINT "bookings_interest_theme_check" CHECK ("bookings"."interest_theme" is null or "bookings"."interest_theme" in ('homemaker', 'hobbyist', 'kiddo', 'explorer', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"visit_date" date,
	"group_size" text,
	"package" text,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymized_at" timestamp with time zone,
	CONSTRAINT "contact_messages_group_size_check" CHECK ("contact_messages"."group_size" is null or "contact_messages"."group_size" in ('1', '2', '3', '4', '5+')),
	CONSTRAINT "contact_messages_package_check" CHECK ("contact_messages"."package" is null or "contact_messages"."package" in ('homemaker', 'hobbyist', 'kiddo', 'explorer', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"action_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('booking', 'message', 'system'))
);
--> statement-breakpoint
CREATE TABLE "outgoing_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"booking_id" integer,
	"contact_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_emails_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outgoing_emails_status_check" CHECK ("outgoing_emails"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('intent', 'charge', 'refund')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "processed_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_claims" (
	"tour_date" date NOT NULL,
	"part" text NOT NULL,
	"booking_id" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_claims_pkey" PRIMARY KEY("tour_date","part"),
	CONSTRAINT "slot_claims_part_check" CHECK ("slot_claims"."part" in ('morning', 'afternoon'))
);
--> statement-breakpoint
CREATE TABLE "tour_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration" text NOT NULL,
	"is_half_day" boolean DEFAULT true NOT NULL,
	"base_price" integer NOT NULL,
	"extra_guest_price" integer NOT NULL,
	"solo_price" integer,
	"solo_promo_start" date,
	"solo_promo_end" date,
	"max_group_size" integer DEFAULT 5 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"image_url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_packages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "tour_packages_prices_check" CHECK ("tour_packages"."base_price" >= 0 and "tour_packages"."extra_guest_price" >= 0 and ("tour_packages"."solo_price" is null or "tour_packages"."solo_price" >= 0)),
	CONSTRAINT "tour_packages_max_group_check" CHECK ("tour_packages"."max_group_size" between 1 and 5),
	CONSTRAINT "tour_packages_promo_window_check" CHECK (("tour_packages"."solo_promo_start" is null) = ("tour_packages"."solo_promo_end" is null) and ("tour_packages"."solo_promo_start" is null or "tour_packages"."solo_promo_start" <= "tour_packages"."solo_promo_end"))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"email" text,
	"name" text,
	"notification_preference" text DEFAULT 'email' NOT NULL,
	"whatsapp_number" text,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_notification_preference_check" CHECK ("users"."notification_preference" in ('email', 'whatsapp', 'none'))
);
--> statement-breakpoint
CREATE TABLE "weekend_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"day_of_week" integer NOT NULL,
	"morning_available" boolean DEFAULT true NOT NULL,
	"afternoon_available" boolean DEFAULT true NOT NULL,
	"full_day_available" boolean DEFAULT true NOT NULL,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekend_availability_date_unique" UNIQUE("date"),
	CONSTRAINT "weekend_availability_weekend_check" CHECK (extract(isodow from "weekend_availability"."date") in (6, 7)),
	CONSTRAINT "weekend_availability_day_of_week_check" CHECK ("weekend_availability"."day_of_week" = extract(dow from "weekend_availability"."date"))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tour_package_id_tour_packages_id_fk" FOREIGN KEY ("tour_package_id") REFERENCES "public"."tour_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_claims" ADD CONSTRAINT "slot_claims_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_tour_date_idx" ON "bookings" USING btree ("tour_date");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outgoing_emails_due_idx" ON "outgoing_emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payments_booking_id_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_kind_key" ON "payments" USING btree ("provider","provider_id","kind","status");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "slot_claims_booking_id_idx" ON "slot_claims" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));