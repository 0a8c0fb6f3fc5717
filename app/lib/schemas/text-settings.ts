import { z } from "zod";
import { storablePhone } from "../phone-parse";
import {
  DEFAULT_TEMPLATES,
  TEXT_KINDS,
  templateProblem,
  type TextKind,
} from "../texting/text-templates";

/*
 * Settings → Messages: the sender number, and per kind of text whether it is sent and its
 * template. Checkboxes named `enabled` carry the kinds that are on; a typed template must
 * pass templateProblem; an emptied one, of a kind on or off, goes back to the default
 * (decision 0037).
 */

const kinds = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.enum(TEXT_KINDS)),
);

const TEXT_SENDER_INVALID = "Enter a phone number Twilio can send from, like (708) 555-0100";

export const textSettingsSchema = z
  .object({
    intent: z.literal("save"),
    from: z
      .string()
      .trim()
      .max(40, TEXT_SENDER_INVALID)
      .optional()
      .transform((value, context) => {
        if (!value) return null;
        const phone = storablePhone(value);
        if (phone) return phone;
        context.addIssue({ code: "custom", message: TEXT_SENDER_INVALID });
        return z.NEVER;
      }),
    enabled: kinds,
    templates: z
      .object(
        Object.fromEntries(TEXT_KINDS.map((kind) => [kind, z.string().max(2000).optional()])) as {
          [K in TextKind]: z.ZodOptional<z.ZodString>;
        },
      )
      .optional(),
  })
  .transform((value, context) => {
    const templates = {} as Record<TextKind, string>;
    for (const kind of TEXT_KINDS) {
      const typed = value.templates?.[kind]?.trim() ?? "";
      const problem = typed ? templateProblem(kind, typed) : undefined;
      if (problem)
        context.addIssue({ code: "custom", path: ["templates", kind], message: problem });
      templates[kind] = typed || DEFAULT_TEMPLATES[kind];
    }
    return {
      from: value.from,
      enabled: Object.fromEntries(
        TEXT_KINDS.map((kind) => [kind, value.enabled.includes(kind)]),
      ) as Record<TextKind, boolean>,
      templates,
    };
  });
