CREATE TABLE "sign_in_known_addresses" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sign_in_known_addresses_email_address_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttles" (
	"email" text NOT NULL,
	"lane" text NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp (3) with time zone NOT NULL,
	"last_attempt_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sign_in_throttles_email_lane_pk" PRIMARY KEY("email","lane"),
	CONSTRAINT "sign_in_throttles_lane_check" CHECK ("sign_in_throttles"."lane" in ('known', 'other'))
);
