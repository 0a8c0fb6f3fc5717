import { LICENSE_ISSUER, type BusinessContact } from "~/content/business";
import { formatPhone, phoneHref } from "~/lib/phone";
import type { Env } from "./env.server";

export function businessContact(env: Env): BusinessContact {
  return {
    name: env.BUSINESS_NAME,
    phone: formatPhone(env.BUSINESS_PHONE),
    phoneHref: phoneHref(env.BUSINESS_PHONE),
    smsHref: phoneHref(env.BUSINESS_PHONE, "sms"),
    email: env.BUSINESS_EMAIL,
    city: env.BUSINESS_CITY,
    siteUrl: env.SITE_URL,
    ...(env.AGENCY_LICENSE_NUMBER && {
      license: `${LICENSE_ISSUER} ${env.AGENCY_LICENSE_NUMBER}`,
    }),
  };
}
