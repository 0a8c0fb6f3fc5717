import { z } from "zod";
import { TAX_RATE_MAX } from "../money/receipt";
import { optionalText } from "./fields";

/*
 * Settings → Receipts (issue 44, decision 0053): what a receipt says of the business beyond
 * its configuration (the legal name and address an insurer asks for), and a tax rate per
 * kind of line. An empty rate is "no rate": no tax line on the receipt at all.
 */

export const RECEIPT_SETTINGS_TEXT = {
  rate: "Enter a percentage from 0 to 30 with at most 3 decimals (e.g. 10.25), or leave it empty",
} as const;

/** "10.25" → 10_250 (thousandths of a percent); empty → undefined; otherwise refused. */
const taxRate = z
  .string()
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return undefined;
    const match = /^(\d{1,2})(?:\.(\d{1,3}))?%?$/.exec(value);
    const rate = match ? Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0")) : NaN;
    if (Number.isInteger(rate) && rate <= TAX_RATE_MAX) return rate;
    context.addIssue({ code: "custom", message: RECEIPT_SETTINGS_TEXT.rate });
    return z.NEVER;
  });

export const receiptSettingsSchema = z.object({
  intent: z.literal("save"),
  legalName: optionalText(120, "Legal name"),
  address: optionalText(200, "Business address"),
  laborRate: taxRate,
  partsRate: taxRate,
});
