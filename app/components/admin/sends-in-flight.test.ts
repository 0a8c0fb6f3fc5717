import { createMemoryRouter, redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { sendsInFlight, sendsInFlightInstrumentation } from "./sends-in-flight";

/** A router whose "/" action waits for the test to let it answer, then redirects to /job. */
function routerWithSlowAction() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const router = createMemoryRouter(
    [
      {
        id: "leads",
        path: "/",
        loader: () => "leads",
        action: async () => {
          await answered;
          return redirect("/job");
        },
      },
      { id: "job", path: "/job", loader: () => "job" },
    ],
    { instrumentations: [sendsInFlightInstrumentation] },
  );
  return { router, answer };
}

const form = () => {
  const data = new FormData();
  data.set("intent", "create-job");
  return data;
};

describe("sends in flight", () => {
  it("counts a fetcher's submission from the moment it is asked until its redirect has loaded", async () => {
    const { router, answer } = routerWithSlowAction();
    await router.initialize().revalidate();
    const sent = router.fetch("create-job", "leads", "/", { formMethod: "POST", formData: form() });
    // Synchronously: before React could render the fetcher's state.
    expect(sendsInFlight()).toBe(1);
    answer();
    await sent;
    await vi.waitFor(() => expect(router.state.navigation.state).toBe("idle"));
    expect(router.state.location.pathname).toBe("/job");
    expect(sendsInFlight()).toBe(0);
    router.dispose();
  });

  it("does not count a fetcher's load, which changes nothing", async () => {
    const { router } = routerWithSlowAction();
    await router.initialize().revalidate();
    const loaded = router.fetch("read", "leads", "/job");
    expect(sendsInFlight()).toBe(0);
    await loaded;
    router.dispose();
  });

  it("is why a reload waits: one started while the action is out drops its redirect", async () => {
    // The hazard itself, so that a React Router that stops dropping it shows up here.
    const { router, answer } = routerWithSlowAction();
    await router.initialize().revalidate();
    const sent = router.fetch("create-job", "leads", "/", { formMethod: "POST", formData: form() });
    void router.revalidate();
    answer();
    await sent;
    await vi.waitFor(() => expect(router.state.navigation.state).toBe("idle"));
    expect(router.state.location.pathname).toBe("/");
    router.dispose();
  });

  it("counts a page's own form (a navigation) until its reload has finished", async () => {
    const { router, answer } = routerWithSlowAction();
    await router.initialize().revalidate();
    const sent = router.navigate("/", { formMethod: "POST", formData: form() });
    expect(sendsInFlight()).toBe(1);
    answer();
    await sent;
    expect(router.state.navigation.state).toBe("idle");
    expect(router.state.location.pathname).toBe("/job");
    expect(sendsInFlight()).toBe(0);
    // A link is not a send.
    const followed = router.navigate("/");
    expect(sendsInFlight()).toBe(0);
    await followed;
    router.dispose();
  });

  it("comes back to zero when the action fails", async () => {
    const router = createMemoryRouter(
      [
        {
          id: "leads",
          path: "/",
          loader: () => "leads",
          action: () => {
            throw new Error("refused");
          },
          ErrorBoundary: () => null,
        },
      ],
      { instrumentations: [sendsInFlightInstrumentation] },
    );
    await router.initialize().revalidate();
    await router.fetch("create-job", "leads", "/", { formMethod: "POST", formData: form() });
    expect(sendsInFlight()).toBe(0);
    router.dispose();
  });
});
