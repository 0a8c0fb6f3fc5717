import { useEffect, useRef, useState } from "react";
import {
  locksmithAnnouncementText,
  type LocksmithAnnouncement,
} from "~/lib/locksmith-announcement";
import { useFetchers, useMatches, useNavigate, useNavigation, useRevalidator } from "react-router";
import { toast } from "sonner";

/** A route lists the tables its loader reads: `export const handle = { liveTables: ["leads"] }`. */
export interface LiveHandle {
  liveTables?: readonly string[];
}

const DEBOUNCE_MS = 150;

/**
 * Keeps the open admin page current: listens to /api/events and revalidates the loaders
 * when a table they read changes (batched, so a burst of writes is one reload). The
 * browser's EventSource reconnects by itself after a restart; on reconnect we reload once
 * in case something changed while we were away.
 */
export function useLiveUpdates(): { connected: boolean } {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A reload after the user's own action carries its toast (cookie): a live reload must not
  // cancel it, so while anything is loading the live one waits its turn.
  const busy = useRef(false);
  const isBusy =
    navigation.state !== "idle" ||
    revalidator.state !== "idle" ||
    fetchers.some((fetcher) => fetcher.state !== "idle");
  const matches = useMatches();
  const [connected, setConnected] = useState(false);
  const watched = useRef<Set<string>>(new Set());
  const revalidate = useRef(revalidator.revalidate);
  const tables = matches
    .flatMap((match) => (match.handle as LiveHandle | undefined)?.liveTables ?? [])
    .join(",");
  useEffect(() => {
    watched.current = new Set(tables.split(",").filter(Boolean));
    revalidate.current = revalidator.revalidate;
    busy.current = isBusy;
  });

  useEffect(() => {
    const source = new EventSource("/api/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let openedBefore = false;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (busy.current) schedule();
        else void revalidate.current();
      }, DEBOUNCE_MS);
    };
    source.addEventListener("ready", () => {
      setConnected(true);
      if (openedBefore) schedule();
      openedBefore = true;
    });
    source.addEventListener("change", (event) => {
      const { table } = JSON.parse((event as MessageEvent<string>).data) as { table: string };
      if (table === "*" || watched.current.has(table)) schedule();
    });
    source.addEventListener("lead", (event) => {
      const lead = JSON.parse((event as MessageEvent<string>).data) as {
        id: string;
        source: string;
        service: string;
        area: string;
        repeat?: boolean;
      };
      toast.info(
        lead.repeat
          ? "Web request again"
          : lead.source === "web"
            ? "New web request"
            : "New phone lead",
        {
          description: lead.repeat
            ? `An open lead's caller wrote again: ${lead.service} in ${lead.area}`
            : `${lead.service} in ${lead.area}`,
          action: {
            label: "Open the lead",
            onClick: () => void navigate(`/admin/leads/${lead.id}`),
          },
        },
      );
    });
    source.addEventListener("locksmith", (event) => {
      const news = JSON.parse((event as MessageEvent<string>).data) as LocksmithAnnouncement;
      const { title, description, urgent } = locksmithAnnouncementText(news);
      (urgent ? toast.warning : toast.info)(title, {
        description,
        action: {
          label: "Open the lead",
          onClick: () => void navigate(`/admin/leads/${news.leadId}`),
        },
      });
    });
    source.addEventListener("error", () => setConnected(false));
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [navigate]);

  return { connected };
}
