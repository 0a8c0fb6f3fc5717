import type { BusinessContact } from "~/content/business";
import { formatUsPhone, toE164 } from "~/lib/phone";
import type { Env } from "./env.server";

export function businessContact(env: Env): BusinessContact {
  const e164 = toE164(env.BUSINESS_PHONE);
  return {
    name: env.BUSINESS_NAME,
    phone: formatUsPhone(env.BUSINESS_PHONE),
    phoneHref: `tel:${e164}`,
    smsHref: `sms:${e164}`,
    email: env.BUSINESS_EMAIL,
    city: env.BUSINESS_CITY,
    siteUrl: env.SITE_URL,
  };
}
