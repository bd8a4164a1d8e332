CREATE TABLE "octo_webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"webhook_id" text NOT NULL,
	"booking_id" integer NOT NULL,
	"booking_status" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_response_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "octo_webhook_deliveries_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "octo_webhook_deliveries_status_check" CHECK ("octo_webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "octo_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "octo_webhooks_url_check" CHECK ("octo_webhooks"."url" ~ '^https?://')
);
--> statement-breakpoint
ALTER TABLE "octo_webhook_deliveries" ADD CONSTRAINT "octo_webhook_deliveries_webhook_id_octo_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."octo_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "octo_webhook_deliveries" ADD CONSTRAINT "octo_webhook_deliveries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "octo_webhooks" ADD CONSTRAINT "octo_webhooks_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "octo_webhook_deliveries_due_idx" ON "octo_webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "octo_webhook_deliveries_webhook_idx" ON "octo_webhook_deliveries" USING btree ("webhook_id");--> statement-breakpoint
CREATE INDEX "octo_webhook_deliveries_booking_idx" ON "octo_webhook_deliveries" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "octo_webhooks_reseller_idx" ON "octo_webhooks" USING btree ("reseller_id");