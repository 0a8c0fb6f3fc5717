import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { reconnectDelayMs } from "~/lib/admin/reconnect-delay";

/**
 * The error page's words when a page could not be opened for want of a connection (a
 * navigation while offline: there is no page of its own to keep): it is not an application
 * error, and it opens the page by itself once the server answers, trying again with backoff
 * and at once when the browser is back online.
 */
export function ConnectionLost({
  title = "Offline — retrying",
  message = "This page could not be opened: the connection to the server dropped. It opens by itself once the connection is back.",
}: {
  title?: string;
  message?: string;
} = {}) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    const retry = () => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    };
    const timer = setTimeout(() => {
      setAttempt((count) => count + 1);
      retry();
    }, reconnectDelayMs(attempt));
    window.addEventListener("online", retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("online", retry);
    };
  }, [attempt]);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | Admin`}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p role="status" className="mt-4 text-muted-foreground">
        {message}
      </p>
      <p className="mt-8">
        <Button type="button" onClick={() => void latest.current.revalidate()}>
          Try again
        </Button>
      </p>
    </main>
  );
}
