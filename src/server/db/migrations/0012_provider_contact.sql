ALTER TABLE "service_providers" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "enquiry_email" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "website" text;--> statement-breakpoint
-- Hand-written (issue 28, decision 0037): until now no screen or API could set a provider's phone, so the
-- only numbers are the demo data's. Bring any number into the stored form '0XX XXX XXXX' (clear what is not
-- a South African number), and give the mobile ones a WhatsApp number, as the contact bar offered before.
UPDATE "service_providers" SET "phone" = CASE
    WHEN regexp_replace("phone", '[^0-9]', '', 'g') ~ '^0[1-9][0-9]{8}$'
      THEN regexp_replace(regexp_replace("phone", '[^0-9]', '', 'g'), '^([0-9]{3})([0-9]{3})([0-9]{4})$', '\1 \2 \3')
    WHEN regexp_replace("phone", '[^0-9]', '', 'g') ~ '^27[1-9][0-9]{8}$'
      THEN regexp_replace(regexp_replace("phone", '[^0-9]', '', 'g'), '^27([0-9]{2})([0-9]{3})([0-9]{4})$', '0\1 \2 \3')
    ELSE NULL
  END
  WHERE "phone" IS NOT NULL AND "phone" !~ '^0[1-9][0-9] [0-9]{3} [0-9]{4}$';--> statement-breakpoint
UPDATE "service_providers" SET "whatsapp" = "phone"
  WHERE "phone" ~ '^0(6[0-9]|7[1-9]|8[1-4]) [0-9]{3} [0-9]{4}$';--> statement-breakpoint
-- End of the hand-written part.
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_phone_check" CHECK ("service_providers"."phone" ~ '^0[1-9][0-9] [0-9]{3} [0-9]{4}$');--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_whatsapp_check" CHECK ("service_providers"."whatsapp" ~ '^0(6[0-9]|7[1-9]|8[1-4]) [0-9]{3} [0-9]{4}$');--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_enquiry_email_check" CHECK (char_length("service_providers"."enquiry_email") <= 255 and "service_providers"."enquiry_email" ~ '^[^@[:space:]]+@[^@[:space:]]+$');--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_website_check" CHECK (char_length("service_providers"."website") <= 200 and "service_providers"."website" ~ '^https://[^[:space:]]+$');