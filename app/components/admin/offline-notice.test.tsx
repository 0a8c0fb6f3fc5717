// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OfflineNotice } from "./offline-notice";
import { reportReload } from "./offline-status";

// React's act() outside a test framework it knows: tell it this is one.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
const notice = () => document.body.textContent?.includes("Offline — retrying") ?? false;
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

/**
 * A page with the notice, offline, whose loader counts its runs and can be held until the
 * test lets it answer. A run that reaches the server says so, as the layout's middleware
 * does (offline-status.ts); one that does not ends without a word, as a reload cut short
 * would.
 */
async function offlinePage() {
  const page = { loads: 0, reachable: false, release: () => {}, answer: () => {} };
  let held: Promise<void> | undefined;
  let sending: Promise<void> | undefined;
  const router = createMemoryRouter([
    {
      path: "/",
      loader: async () => {
        page.loads++;
        await held;
        if (page.reachable) reportReload(true);
        return null;
      },
      action: async () => {
        await sending;
        return null;
      },
      Component: OfflineNotice,
    },
  ]);
  root = createRoot(document.body.appendChild(document.createElement("div")));
  await act(async () => {
    root?.render(<RouterProvider router={router} />);
    await vi.advanceTimersByTimeAsync(0);
  });
  await act(async () => reportReload(false));
  expect(notice()).toBe(true);
  page.loads = 0;
  return {
    page,
    /** Starts a reload of the page (a live one, say) and holds it until `page.release()`. */
    reloadHeld: async () => {
      held = new Promise((resolve) => (page.release = resolve));
      await act(async () => void router.revalidate());
      held = undefined;
    },
    /** Sends a form (a row's fetcher, say) and holds its answer until `page.answer()`. */
    sendHeld: async () => {
      sending = new Promise((resolve) => (page.answer = resolve));
      const formData = new FormData();
      formData.set("intent", "save");
      await act(async () => void router.fetch("send", "0", "/", { formMethod: "post", formData }));
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  await act(async () => root?.unmount());
  reportReload(true);
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("Offline — retrying", () => {
  it("goes once the connection is back, though a retry came while a reload was under way that ended without a word", async () => {
    const { page, reloadHeld } = await offlinePage();
    await reloadHeld();
    expect(page.loads).toBe(1);
    // The first retry (after 0.8-1.2 s) finds that reload under way and leaves it be.
    await wait(1_500);
    expect(page.loads).toBe(1);

    // The reload under way ends without reporting; then the connection is back.
    await act(async () => page.release());
    await wait(0);
    expect(notice()).toBe(true);
    page.reachable = true;

    // The page tries again by itself, and the notice goes.
    await wait(3_000);
    expect(page.loads).toBe(2);
    expect(notice()).toBe(false);
  });

  it("tries again after a retry's own reload ended without a word", async () => {
    const { page } = await offlinePage();
    await wait(1_500);
    expect(page.loads).toBe(1);
    page.reachable = true;
    await wait(1_500);
    expect(page.loads).toBe(2);
    expect(notice()).toBe(false);
  });

  it("never starts a second reload while one is under way, however long it takes", async () => {
    const { page, reloadHeld } = await offlinePage();
    await reloadHeld();
    await wait(60_000);
    expect(page.loads).toBe(1);
    expect(notice()).toBe(true);
    page.reachable = true;
    await act(async () => page.release());
    expect(notice()).toBe(false);
  });

  it("never reloads over a form being sent, whose answer the reload would drop", async () => {
    const { page, sendHeld } = await offlinePage();
    await sendHeld();
    await wait(60_000);
    expect(page.loads).toBe(0);
    // The answer comes; the router reloads after it, as after every send, and gets through.
    page.reachable = true;
    await act(async () => page.answer());
    await wait(0);
    expect(page.loads).toBe(1);
    expect(notice()).toBe(false);
  });
});
