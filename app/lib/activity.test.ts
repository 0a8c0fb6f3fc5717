import { expect, it } from "vitest";
import { actorLabel } from "./activity";

it("names the actor, or says what kind of actor it was", () => {
  expect(actorLabel({ kind: "user", name: "Olivia Owner" })).toBe("Olivia Owner");
  expect(actorLabel({ kind: "user" })).toBe("A team member");
  expect(actorLabel({ kind: "webhook" })).toBe("The phone system");
  expect(actorLabel({ kind: "system" })).toBe("Lockline");
});
