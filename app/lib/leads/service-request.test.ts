import { describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "../business-enums";
import { requestContextFromPath, requestPath, serviceTypeFromParam } from "./service-request";

describe("request links", () => {
  it("carries the service and area of the page it was opened from", () => {
    expect(requestContextFromPath("/services/smart-locks")).toEqual({ service: "smart-locks" });
    expect(requestContextFromPath("/service-areas/oak-lawn-locksmith")).toEqual({
      area: "oak-lawn",
    });
    expect(requestContextFromPath("/about")).toEqual({});
    expect(requestContextFromPath("/services/nope")).toEqual({});
    expect(requestPath({ service: "rekeying", area: "oak-lawn" })).toBe(
      "/request?service=rekeying&area=oak-lawn",
    );
    expect(requestPath({})).toBe("/request");
  });

  it("reads a page slug or a lead type", () => {
    expect(serviceTypeFromParam("smart-locks", SERVICE_TYPES)).toBe("smart_locks");
    expect(serviceTypeFromParam("padlocks", SERVICE_TYPES)).toBe("residential");
    expect(serviceTypeFromParam("safes", SERVICE_TYPES)).toBe("safes");
    expect(serviceTypeFromParam("teleport", SERVICE_TYPES)).toBeUndefined();
    expect(serviceTypeFromParam(null, SERVICE_TYPES)).toBeUndefined();
  });
});
