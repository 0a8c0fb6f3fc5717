import { expect, it } from "vitest";
import { TEST_ACTOR } from "../../../tests/helpers/actor";
import { describeEachDatabase } from "../../../tests/helpers/test-database";
import { configuredTexts } from "../../../tests/helpers/texting";
import { textSettingsSchema } from "~/lib/schemas/text-settings";
import { DEFAULT_TEMPLATES, renderText } from "~/lib/texting/text-templates";
import { listEntityActivity } from "../activity/activity.server";
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
    await writeTextSettings(db(), custom, TEST_ACTOR);
    expect((await readTextSettings(db())).templates.customer_on_the_way).toBe(
      "{locksmith} comes in {minutes} min",
    );

    const emptied = textSettingsSchema.safeParse({
      intent: "save",
      enabled: ["customer_on_the_way"],
      templates: { customer_on_the_way: "   " },
    });
    expect(emptied.success).toBe(true);
    await writeTextSettings(db(), emptied.data!, TEST_ACTOR);

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

  it("records who switched which texts off, before → after, and nothing for a save that changed nothing (issue 47)", async () => {
    const allOff = textSettingsSchema.parse({ intent: "save", enabled: [], templates: {} });
    const on = await readTextSettings(db());
    await writeTextSettings(
      db(),
      { ...on, enabled: { ...on.enabled, locksmith_link: true } },
      TEST_ACTOR,
    );
    await writeTextSettings(db(), allOff, TEST_ACTOR);
    await writeTextSettings(db(), allOff, TEST_ACTOR);

    const entries = (await listEntityActivity(db(), "settings", "texts")).filter(
      (entry) => entry.action === "text_settings_changed",
    );
    // Newest first: the save that turned everything off (the third changed nothing).
    expect(entries[0]).toMatchObject({
      actorName: TEST_ACTOR.name,
      before: expect.objectContaining({ "enabled.locksmith_link": true }),
      after: expect.objectContaining({ "enabled.locksmith_link": false }),
    });
    // Before it, the one change of the save that turned one kind on.
    expect(entries[1]).toMatchObject({
      before: { "enabled.locksmith_link": false },
      after: { "enabled.locksmith_link": true },
    });
    // Two saves of the test above, two here: the save that changed nothing left none.
    expect(entries).toHaveLength(4);
  });
});
