CREATE TABLE "meeting_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"address_ja" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_points_latitude_check" CHECK ("meeting_points"."latitude" between -90 and 90),
	CONSTRAINT "meeting_points_longitude_check" CHECK ("meeting_points"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "trip_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pickup_enabled" boolean DEFAULT true NOT NULL,
	"morning_point_id" integer,
	"afternoon_point_id" integer,
	"full_day_point_id" integer,
	"what_to_bring" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_settings_single_row_check" CHECK ("trip_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "meeting_point_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pickup_hotel" text;--> statement-breakpoint
ALTER TABLE "trip_settings" ADD CONSTRAINT "trip_settings_morning_point_id_meeting_points_id_fk" FOREIGN KEY ("morning_point_id") REFERENCES "public"."meeting_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_settings" ADD CONSTRAINT "trip_settings_afternoon_point_id_meeting_points_id_fk" FOREIGN KEY ("afternoon_point_id") REFERENCES "public"."meeting_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_settings" ADD CONSTRAINT "trip_settings_full_day_point_id_meeting_points_id_fk" FOREIGN KEY ("full_day_point_id") REFERENCES "public"."meeting_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_meeting_point_id_meeting_points_id_fk" FOREIGN KEY ("meeting_point_id") REFERENCES "public"."meeting_points"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_meeting_check" CHECK ("bookings"."meeting_point_id" is null or "bookings"."pickup_hotel" is null);
