ALTER TABLE "bookings" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Bookings made before the flag was kept per booking take their reseller's mode as it is now (docs/decisions/0081).
UPDATE "bookings" SET "test_mode" = "resellers"."test_mode" FROM "resellers" WHERE "bookings"."reseller_id" = "resellers"."id";
