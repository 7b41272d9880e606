DROP TABLE "crypto_payments" CASCADE;--> statement-breakpoint
DROP TABLE "payment_history" CASCADE;