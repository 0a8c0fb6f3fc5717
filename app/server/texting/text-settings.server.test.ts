import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { textSettingsSchema } from "~/lib/schemas/text-settings";
import { DEFAULT_TEMPLATES, renderText } from "~/lib/texting/text-templates";
import { queueText } from "./outbox.server";
import { readTextSettings, writeTextSettings } from "./text-settings.server";

/*
 * Settings → Messages: emptying the text of a kind that is on is a way back to the default
 * wording (decision 0037), not an error.
 */

describeEachDatabase("text settings", (t) => {
  const db = () => t.handle.db;

  it("saves an emptied template of a kind that is on, and texts the default wording", async () => {
    const custom = textSettingsSchema.parse({
      intent: "save",
      enabled: ["customer_on_the_way"],
      templates: { customer_on_the_way: "{locksmith} comes in {minutes} min" },
    });
    await writeTextSettings(db(), custom);
    expect((await readTextSettings(db())).templates.customer_on_the_way).toBe(
      "{locksmith} comes in {minutes} min",
    );

    const emptied = textSettingsSchema.safeParse({
      intent: "save",
      enabled: ["customer_on_the_way"],
      templates: { customer_on_the_way: "   " },
    });
    expect(emptied.success).toBe(true);
    await writeTextSettings(db(), emptied.data!);

    const settings = await readTextSettings(db());
    expect(settings.enabled.customer_on_the_way).toBe(true);
    expect(settings.templates.customer_on_the_way).toBe(DEFAULT_TEMPLATES.customer_on_the_way);
    const values = { locksmith: "Sam", minutes: "15" };
    const sent = await queueText(
      db(),
      { ...configuredTexts(), settings },
      { kind: "customer_on_the_way", to: "+13125550199", values },
    );
    expect(sent!.body).toBe(
      renderText("customer_on_the_way", DEFAULT_TEMPLATES.customer_on_the_way, {
        business: "Lockline",
        business_phone: "(708) 555-0100",
        ...values,
      }),
    );
    expect(sent!.body).toContain("Sam is on the way, about 15 minutes out.");
  });
});
