import { describe, expect, it } from "vitest";
import { isBackOfficePath } from "./site-paths";

describe("isBackOfficePath", () => {
  it.each(["/admin", "/admin/leads/1", "/admin.data", "/auth", "/auth/pending", "/api/events"])(
    "%s is the back office",
    (path) => expect(isBackOfficePath(path)).toBe(true),
  );
  it.each(["/j/abc", "/review/abc", "/review/thanks", "/healthz", "/readyz"])(
    "%s is the back office",
    (path) => expect(isBackOfficePath(path)).toBe(true),
  );
  it.each([
    "/",
    "/about",
    "/services/emergency",
    "/administrator",
    "/authors",
    "/jobs",
    "/reviews",
  ])("%s is the public site", (path) => expect(isBackOfficePath(path)).toBe(false));
});
