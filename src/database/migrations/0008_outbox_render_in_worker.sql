-- Issue 24: DomainEvents (the event port, src/modules/events) writes an email's kind and address in the
-- recording transaction; the outbox worker renders subject, bodies and attachments from the event later.
ALTER TABLE "outbox_emails" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "text_body" DROP NOT NULL;
