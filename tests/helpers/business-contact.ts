import type { BusinessContact } from "~/content/business";

/** The business as the root loader hands it to pages, for tests of what pages print. */
export const TEST_BUSINESS: BusinessContact = {
  name: "Lockline Locksmith",
  phone: "(312) 555-0147",
  phoneHref: "tel:+13125550147",
  smsHref: "sms:+13125550147",
  email: "info@lockline.example",
  city: "Chicago, IL",
  siteUrl: "https://lockline.example",
};
