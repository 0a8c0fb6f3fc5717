import type * as React from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/** A small GET form of fields that choose what the page shows (a period, a month), sent by Show. */
export function ShowForm({ children }: { children: React.ReactNode }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      {children}
      <Button type="submit" variant="outline">
        Show
      </Button>
    </Form>
  );
}
