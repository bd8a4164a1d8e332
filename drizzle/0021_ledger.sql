CREATE TABLE "money_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer,
	"voucher_id" integer,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"transition" text NOT NULL,
	"intent_id" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_movements_kind_check" CHECK ("money_movements"."kind" in ('price', 'cancellation-fee', 'promo', 'voucher', 'card', 'cash', 'voucher-sale')),
	CONSTRAINT "money_movements_transition_check" CHECK ("money_movements"."transition" in ('create', 'lapse', 'pay', 'pay-refused', 'settle', 'move', 'change-paid', 'change-refused', 'cancel', 'revive', 'mark-paid', 'refund-failed', 'provider-refund', 'voucher-sold', 'voucher-refunded', 'migrated')),
	CONSTRAINT "money_movements_amount_check" CHECK ("money_movements"."amount" <> 0),
	CONSTRAINT "money_movements_owner_check" CHECK (("money_movements"."kind" = 'voucher-sale') = ("money_movements"."booking_id" is null)),
	CONSTRAINT "money_movements_voucher_check" CHECK (("money_movements"."kind" in ('voucher', 'voucher-sale')) = ("money_movements"."voucher_id" is not null)),
	CONSTRAINT "money_movements_intent_check" CHECK ("money_movements"."kind" <> 'card' or "money_movements"."intent_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_movements_booking_id_idx" ON "money_movements" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "money_movements_voucher_id_idx" ON "money_movements" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "money_movements_created_at_idx" ON "money_movements" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "money_movements_charge_key" ON "money_movements" USING btree ("intent_id") WHERE "money_movements"."kind" in ('card', 'voucher-sale') and "money_movements"."amount" > 0 and "money_movements"."transition" <> 'refund-failed';--> statement-breakpoint
CREATE UNIQUE INDEX "money_movements_reference_key" ON "money_movements" USING btree ("kind","reference") WHERE "money_movements"."kind" in ('card', 'voucher-sale') and "money_movements"."reference" is not null;--> statement-breakpoint
-- The ledger from what the bookings, the provider's trail, the voucher redemptions and the
-- vouchers said before it (docs/decisions/0067). Each booking gets its price, its promo code's and
-- voucher's parts, the card charges and refunds its trail recorded (a booking paid before the
-- trail kept charges: its total, on its intent), cash for what the guide marked paid by hand,
-- and, when cancelled, the rows of its cancellation. The figures the old columns gave (amount
-- paid, refunded, voucher part) are what the rows add up to; a test checks it on old data.
CREATE TABLE "ledger_migration" AS
SELECT b.id, b.status, b.created_at, coalesce(b.cancelled_at, b.updated_at) AS ended_at, b.updated_at,
  b.total_price + b.discount + b.voucher_amount AS price, b.total_price, b.discount, b.promo_code,
  b.voucher_id, b.voucher_amount, b.payment_intent_id, b.payment_provider, b.amount_refunded,
  (b.paid_at IS NOT NULL OR b.status = 'paid') AS received,
  CASE WHEN vr.booking_id IS NULL THEN b.voucher_amount ELSE vr.returned END AS voucher_returned
FROM "bookings" b LEFT JOIN "voucher_redemptions" vr ON vr.booking_id = b.id;
--> statement-breakpoint
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "created_at")
SELECT id, 'price', price, 'migrated', created_at FROM "ledger_migration" WHERE price > 0;
--> statement-breakpoint
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "reference", "created_at")
SELECT id, 'promo', discount, 'migrated', promo_code, created_at FROM "ledger_migration" WHERE discount > 0;
--> statement-breakpoint
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "voucher_id", "created_at")
SELECT id, 'voucher', voucher_amount, 'migrated', voucher_id, created_at FROM "ledger_migration" WHERE voucher_amount > 0 AND voucher_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "intent_id", "created_at")
SELECT p.booking_id, 'card', p.amount, 'migrated', p.provider_id, p.created_at FROM "payments" p
WHERE p.booking_id IS NOT NULL AND p.kind = 'charge' AND p.status = 'succeeded' AND p.amount > 0;
--> statement-breakpoint
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "intent_id", "created_at")
SELECT m.id, 'card', m.total_price + m.amount_refunded, 'migrated', m.payment_intent_id, m.created_at FROM "ledger_migration" m
WHERE m.received AND m.payment_intent_id IS NOT NULL AND coalesce(m.payment_provider, 'none') <> 'none' AND m.total_price + m.amount_refunded > 0
  AND NOT EXISTS (SELECT 1 FROM "money_movements" mm WHERE mm.booking_id = m.id AND mm.kind = 'card');
--> statement-breakpoint
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "intent_id", "reference", "created_at")
SELECT r.booking_id, 'card', -r.amount, 'migrated', replace(r.intent, 'extra:', ''), 'migrated:' || r.provider_id, r.created_at
FROM (SELECT p.*, CASE WHEN p.detail LIKE '{%' THEN p.detail::jsonb ->> 'intentId' END AS intent FROM "payments" p
      WHERE p.booking_id IS NOT NULL AND p.kind = 'refund' AND p.status IN ('pending', 'succeeded') AND p.amount > 0) r
WHERE r.intent IS NOT NULL;
--> statement-breakpoint
-- Refunds the provider reported (charge.refunded) beyond the ones the trail recorded.
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "intent_id", "reference", "created_at")
SELECT m.id, 'card', -(m.amount_refunded - coalesce(counted.refunded, 0)), 'migrated', m.payment_intent_id, 'migrated-reported:' || m.id, m.updated_at
FROM "ledger_migration" m LEFT JOIN (
  SELECT booking_id, -sum(amount) AS refunded FROM "money_movements" WHERE kind = 'card' AND amount < 0 GROUP BY booking_id
) counted ON counted.booking_id = m.id
WHERE m.payment_intent_id IS NOT NULL AND m.amount_refunded > coalesce(counted.refunded, 0)
  AND EXISTS (SELECT 1 FROM "money_movements" mm WHERE mm.booking_id = m.id AND mm.kind = 'card' AND mm.intent_id = m.payment_intent_id);
--> statement-breakpoint
-- What the guide marked paid by hand: the money the booking held that no card paid.
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "created_at")
SELECT m.id, 'cash', held.amount, 'migrated', m.updated_at FROM "ledger_migration" m
CROSS JOIN LATERAL (
  SELECT greatest(0, CASE WHEN m.received THEN m.total_price ELSE 0 END - m.amount_refunded)
    - coalesce((SELECT sum(amount) FROM "money_movements" mm WHERE mm.booking_id = m.id AND mm.kind = 'card'), 0) AS amount
) held
WHERE held.amount > 0;
--> statement-breakpoint
-- A live booking whose card gave back part of its total in the provider keeps that much less.
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "created_at")
SELECT m.id, 'price', -short.amount, 'provider-refund', m.updated_at FROM "ledger_migration" m
CROSS JOIN LATERAL (
  SELECT m.total_price - coalesce((SELECT sum(amount) FROM "money_movements" mm WHERE mm.booking_id = m.id AND mm.kind IN ('card', 'cash')), 0) AS amount
) short
WHERE m.status <> 'cancelled' AND m.received AND short.amount > 0;
--> statement-breakpoint
-- A cancelled booking: its price released, what it kept as its fee, its promo part and the voucher part that went back.
INSERT INTO "money_movements" ("booking_id", "kind", "amount", "transition", "reference", "voucher_id", "created_at")
SELECT x.id, x.kind, x.amount, 'cancel', x.reference, x.voucher_id, x.ended_at FROM (
  SELECT m.id, m.ended_at, k.kind, k.amount, k.reference, k.voucher_id FROM "ledger_migration" m
  CROSS JOIN LATERAL (
    SELECT coalesce((SELECT sum(amount) FROM "money_movements" mm WHERE mm.booking_id = m.id AND mm.kind IN ('card', 'cash')), 0) AS money
  ) held
  CROSS JOIN LATERAL (VALUES
    ('price', -m.price, NULL::text, NULL::integer),
    ('promo', -m.discount, NULL, NULL),
    ('voucher', -m.voucher_returned, NULL, m.voucher_id),
    ('cancellation-fee', (m.voucher_amount - m.voucher_returned) + held.money, NULL, NULL)
  ) AS k(kind, amount, reference, voucher_id)
  WHERE m.status = 'cancelled'
) x
WHERE x.amount <> 0 AND (x.kind <> 'voucher' OR x.voucher_id IS NOT NULL);
--> statement-breakpoint
INSERT INTO "money_movements" ("voucher_id", "kind", "amount", "transition", "intent_id", "created_at")
SELECT v.id, 'voucher-sale', v.amount, 'migrated', v.payment_intent_id, v.paid_at FROM "vouchers" v WHERE v.paid_at IS NOT NULL;
--> statement-breakpoint
INSERT INTO "money_movements" ("voucher_id", "kind", "amount", "transition", "intent_id", "reference", "created_at")
SELECT v.id, 'voucher-sale', -v.amount_refunded, 'migrated', v.payment_intent_id, 'migrated:voucher-' || v.id, coalesce(v.cancelled_at, v.updated_at)
FROM "vouchers" v WHERE v.amount_refunded > 0;
--> statement-breakpoint
DROP TABLE "ledger_migration";
--> statement-breakpoint
ALTER TABLE "voucher_redemptions" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "voucher_redemptions" CASCADE;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_total_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_discount_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_voucher_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_refund_check";--> statement-breakpoint
ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_refund_check";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_voucher_id_vouchers_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "total_price";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "amount_refunded";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "promo_code";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "discount";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "voucher_id";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "voucher_amount";--> statement-breakpoint
ALTER TABLE "vouchers" DROP COLUMN "amount_refunded";
--> statement-breakpoint
-- Only ever added to (docs/decisions/0067): no row changes, and a row goes only after its booking
-- (the guide deleting a booking that holds no money; its rows net to nothing).
CREATE FUNCTION "money_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'money_movements is append-only: add a row instead of changing one';
  END IF;
  IF OLD.booking_id IS NULL OR EXISTS (SELECT 1 FROM "bookings" WHERE id = OLD.booking_id) THEN
    RAISE EXCEPTION 'money_movements is append-only: its rows go only with their booking';
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "money_movements_append_only" BEFORE UPDATE OR DELETE ON "money_movements" FOR EACH ROW EXECUTE FUNCTION "money_movements_append_only"();
