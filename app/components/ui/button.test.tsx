// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button } from "./button";

// React's act() outside a test framework it knows: tell it this is one.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const container = () => document.body.appendChild(document.createElement("div"));
afterEach(() => {
  document.body.innerHTML = "";
});

describe("Button asChild", () => {
  it("renders the child styled as a button, and a click runs both its and the button's handler", async () => {
    const order: string[] = [];
    const root = createRoot(container());
    await act(async () =>
      root.render(
        <Button asChild variant="outline" className="mt-6" onClick={() => order.push("button")}>
          <a href="#top" className="underline" onClick={() => order.push("link")}>
            Back
          </a>
        </Button>,
      ),
    );
    const link = document.querySelector("a")!;
    expect(document.querySelector("button")).toBeNull();
    expect(link.getAttribute("href")).toBe("#top");
    expect(link.className).toContain("mt-6");
    expect(link.className).toContain("underline");
    await act(async () => link.click());
    expect(order).toEqual(["link", "button"]);
    await act(async () => root.unmount());
  });

  it("without asChild is a button with the variant's classes and its own handler", async () => {
    const onClick = vi.fn();
    const root = createRoot(container());
    await act(async () => root.render(<Button onClick={onClick}>Save</Button>));
    const button = document.querySelector("button")!;
    expect(button.textContent).toBe("Save");
    await act(async () => button.click());
    expect(onClick).toHaveBeenCalledTimes(1);
    await act(async () => root.unmount());
  });
});
