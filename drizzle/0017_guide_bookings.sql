ALTER TABLE "bookings" DROP CONSTRAINT "bookings_group_size_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arranged_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "price_note" text;--> statement-breakpoint
ALTER TABLE "trip_settings" ADD COLUMN "guide_group_limit" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_settings" ADD COLUMN "guide_hold_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_group_size_check" CHECK ("bookings"."number_of_people" between 1 and 30);--> statement-breakpoint
ALTER TABLE "trip_settings" ADD CONSTRAINT "trip_settings_guide_group_limit_check" CHECK ("trip_settings"."guide_group_limit" between 1 and 30);--> statement-breakpoint
ALTER TABLE "trip_settings" ADD CONSTRAINT "trip_settings_guide_hold_hours_check" CHECK ("trip_settings"."guide_hold_hours" between 1 and 336);