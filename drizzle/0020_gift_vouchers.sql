CREATE TABLE "voucher_redemptions" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"voucher_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_redemptions_amount_check" CHECK ("voucher_redemptions"."amount" >= 1 and "voucher_redemptions"."returned" between 0 and "voucher_redemptions"."amount")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"token" text NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"currency" text DEFAULT 'JPY' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"recipient_name" text,
	"message" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"valid_until" date,
	"payment_provider" text,
	"payment_intent_id" text,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"attention_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymized_at" timestamp with time zone,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_token_unique" UNIQUE("token"),
	CONSTRAINT "vouchers_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "vouchers_status_check" CHECK ("vouchers"."status" in ('pending', 'active', 'cancelled', 'refunded')),
	CONSTRAINT "vouchers_amount_check" CHECK ("vouchers"."amount" between 1 and 1000000),
	CONSTRAINT "vouchers_balance_check" CHECK ("vouchers"."balance" between 0 and "vouchers"."amount"),
	CONSTRAINT "vouchers_refund_check" CHECK ("vouchers"."amount_refunded" between 0 and "vouchers"."amount"),
	CONSTRAINT "vouchers_paid_check" CHECK ("vouchers"."status" = 'pending' or ("vouchers"."paid_at" is not null and "vouchers"."valid_until" is not null)),
	CONSTRAINT "vouchers_currency_check" CHECK ("vouchers"."currency" = 'JPY'),
	CONSTRAINT "vouchers_locale_check" CHECK ("vouchers"."locale" in ('en', 'ja', 'zh-Hant', 'zh-Hans', 'ko')),
	CONSTRAINT "vouchers_buyer_name_check" CHECK (length("vouchers"."buyer_name") <= 100),
	CONSTRAINT "vouchers_recipient_name_check" CHECK ("vouchers"."recipient_name" is null or length("vouchers"."recipient_name") <= 100),
	CONSTRAINT "vouchers_message_check" CHECK ("vouchers"."message" is null or length("vouchers"."message") <= 500)
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "voucher_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "trip_settings" ADD COLUMN "voucher_validity_months" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_settings" ADD COLUMN "voucher_min_amount" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_settings" ADD COLUMN "voucher_max_amount" integer DEFAULT 300000 NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_id_idx" ON "voucher_redemptions" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "vouchers_buyer_email_idx" ON "vouchers" USING btree (lower("buyer_email"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_voucher_id_idx" ON "payments" USING btree ("voucher_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_voucher_check" CHECK ("bookings"."voucher_amount" >= 0 and ("bookings"."voucher_amount" = 0 or "bookings"."voucher_id" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_check" CHECK (("payments"."booking_id" is null) <> ("payments"."voucher_id" is null));--> statement-breakpoint
ALTER TABLE "trip_settings" ADD CONSTRAINT "trip_settings_voucher_validity_check" CHECK ("trip_settings"."voucher_validity_months" between 1 and 36);--> statement-breakpoint
ALTER TABLE "trip_settings" ADD CONSTRAINT "trip_settings_voucher_amounts_check" CHECK ("trip_settings"."voucher_min_amount" >= 1 and "trip_settings"."voucher_min_amount" <= "trip_settings"."voucher_max_amount" and "trip_settings"."voucher_max_amount" <= 1000000);