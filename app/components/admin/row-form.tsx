import type { ComponentProps } from "react";
import { useFetchers, useSubmit } from "react-router";

type FormProps = Omit<ComponentProps<"form">, "method">;
type SubmitEvent = Parameters<NonNullable<FormProps["onSubmit"]>>[0];

/**
 * A small POST form in a row of a list (a status select, Create job, Undo), sent without
 * leaving the page. On the page it is a plain `<form method="post">`, so it works without
 * JavaScript; with it, it is sent as a fetcher under `fetcherKey`, named after what the form
 * changes (`lead-status:<id>`), so the table's and the card's copy of a row show the same
 * sending state.
 *
 * Why not `useFetcher` and its `Form`: a list hydrates one or two of these per row, and each
 * of those costs a registered fetcher, an effect and React Router's form machinery: on the
 * Leads list at a phone's speed, with both of its layouts built, 150-200 ms of the hydration
 * (decision 0040, fifth round). A plain form and a submit handler cost next to nothing.
 */
export function RowForm({ fetcherKey, onSubmit, ...props }: FormProps & { fetcherKey: string }) {
  const submit = useSubmit();
  const send = (event: SubmitEvent) => {
    // A caller's handler may stop the send (a confirm answered No).
    onSubmit?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const submitter = event.nativeEvent.submitter as HTMLButtonElement | null;
    // The button pressed names the intent (Resend or Drop), as a browser would send it.
    void submit(submitter ?? event.currentTarget, {
      method: "post",
      navigate: false,
      fetcherKey,
    });
  };
  return <form {...props} method="post" onSubmit={send} />;
}

/** A row form's sending state: busy while it is sent and its page reloaded, and what it sent. */
export function useRowSending(fetcherKey: string): { busy: boolean; formData?: FormData } {
  const fetcher = useFetchers().find((candidate) => candidate.key === fetcherKey);
  return { busy: fetcher !== undefined && fetcher.state !== "idle", formData: fetcher?.formData };
}
