ALTER TABLE "subscriptions" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
-- One payment per provider reference from now on: of the rows an invoice told under several event
-- ids, the paid one (else the first) stays.
DELETE FROM "payments" p USING (
	SELECT "id", row_number() OVER (
		PARTITION BY "provider", "provider_reference"
		ORDER BY ("status" = 'paid') DESC, "created_at", "id"
	) AS n
	FROM "payments" WHERE "provider_reference" IS NOT NULL
) d
WHERE p."id" = d."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_idx" ON "payments" USING btree ("provider","provider_reference");
