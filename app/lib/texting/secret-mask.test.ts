import { expect, it } from "vitest";
import { holdsCustomerSecret, maskCustomerSecrets } from "./secret-mask";

const token = "Zx3kP9qLmN2vB8wR4tY6uI0oA1sD5fG7hJ3kL9zX3f2a";

it("masks the customer's page and review links, keeping the last four characters", () => {
  const body = `Lockline: follow the visit: https://lockline.example/t/${token}\nReview: https://lockline.example/review/${token}`;
  expect(maskCustomerSecrets(body)).toBe(
    "Lockline: follow the visit: https://lockline.example/t/••••3f2a\nReview: https://lockline.example/review/••••3f2a",
  );
  expect(holdsCustomerSecret(body)).toBe(true);
});

it("masks an approval code only in the code's own text", () => {
  const code = "Lockline: your code to approve $185.00 for Automotive is 482913.";
  expect(maskCustomerSecrets(code, "customer_approval_code")).toBe(
    "Lockline: your code to approve $185.00 for Automotive is ••••••.",
  );
  // A ZIP or a dispatch code elsewhere is no customer's key.
  const dispatch = "Lockline: new job, code K7Q2ZB\nWhere: 6118 S Pulaski Rd, 606290";
  expect(maskCustomerSecrets(dispatch, "locksmith_dispatch")).toBe(dispatch);
  expect(holdsCustomerSecret(dispatch, "locksmith_dispatch")).toBe(false);
});

it("leaves the locksmith's own job link alone: the office sends it by hand", () => {
  const body = `Accept or decline: https://lockline.example/j/${token}`;
  expect(maskCustomerSecrets(body, "locksmith_dispatch")).toBe(body);
});
