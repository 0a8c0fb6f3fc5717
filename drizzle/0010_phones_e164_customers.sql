-- Phone numbers are stored one way, E.164 ("+13125550147"), and shown formatted: ten
-- digits (or eleven starting with 1) are a US number. Anything else is left as it was.
CREATE OR REPLACE FUNCTION lockline_e164(phone text) RETURNS text AS $$
  SELECT CASE
    WHEN phone ~ '^\+[1-9][0-9]{6,14}$' THEN phone
    WHEN regexp_replace(phone, '[^0-9]', '', 'g') ~ '^[0-9]{10}$'
      THEN '+1' || regexp_replace(phone, '[^0-9]', '', 'g')
    WHEN regexp_replace(phone, '[^0-9]', '', 'g') ~ '^1[0-9]{10}$'
      THEN '+' || regexp_replace(phone, '[^0-9]', '', 'g')
    ELSE phone
  END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
UPDATE leads SET phone = lockline_e164(phone) WHERE phone <> lockline_e164(phone);
--> statement-breakpoint
UPDATE locksmiths SET phone = lockline_e164(phone) WHERE phone <> lockline_e164(phone);
--> statement-breakpoint
UPDATE call_logs SET client_phone = lockline_e164(client_phone)
WHERE client_phone <> lockline_e164(client_phone);
--> statement-breakpoint
-- Every caller and requester becomes a customer, keyed by phone: named (and addressed) as
-- their latest lead says. Rows already linked are left alone, so this can run again (the
-- demo data calls it after loading).
CREATE OR REPLACE FUNCTION lockline_link_customers() RETURNS void AS $$
BEGIN
  INSERT INTO customers (phone, name, address, created_at)
  SELECT phone, name, address, created_at FROM (
    SELECT DISTINCT ON (phone) phone,
      first_value(name) OVER w AS name,
      first_value(address) OVER w AS address,
      min(created_at) OVER (PARTITION BY phone) AS created_at
    FROM (
      SELECT phone, name, address, created_at FROM leads
      UNION ALL
      SELECT client_phone, NULL, NULL, start_time FROM call_logs
    ) seen
    WHERE phone ~ '^\+[1-9][0-9]{6,14}$'
    WINDOW w AS (PARTITION BY phone ORDER BY (name IS NULL), created_at DESC)
    ORDER BY phone
  ) firsts
  ON CONFLICT (phone) DO NOTHING;
  UPDATE leads SET customer_id = c.id FROM customers c
    WHERE leads.customer_id IS NULL AND c.phone = leads.phone;
  UPDATE call_logs SET customer_id = c.id FROM customers c
    WHERE call_logs.customer_id IS NULL AND c.phone = call_logs.client_phone;
  UPDATE jobs SET customer_id = leads.customer_id, address = coalesce(jobs.address, leads.address)
    FROM leads WHERE jobs.customer_id IS NULL AND jobs.lead_id = leads.id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT lockline_link_customers();
--> statement-breakpoint
-- Customers and the activity log announce their changes like the business tables do
-- (0005): a lead's page shows a note or a repeated web request as it happens.
CREATE TRIGGER customers_notify_change
AFTER INSERT OR UPDATE OR DELETE ON customers
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
--> statement-breakpoint
CREATE TRIGGER activity_log_notify_change
AFTER INSERT ON activity_log
FOR EACH ROW EXECUTE FUNCTION lockline_notify_change();
