import { useCallback, useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { sendsInFlight } from "./sends-in-flight";

/**
 * A reload of the page's data that never cuts another load or send short: it starts only
 * while nothing is loading or sending, and says whether it started. React Router drops the
 * answer of whatever a newer load overtakes: a form's redirect or errors, a reload that carries
 * the user's toast. The live updates and the offline retries both reload this way.
 */
export function useQuietReload(): () => boolean {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy =
    navigation.state !== "idle" ||
    revalidator.state !== "idle" ||
    fetchers.some((fetcher) => fetcher.state !== "idle");
  const latest = useRef({ busy, revalidate: revalidator.revalidate });
  useEffect(() => {
    latest.current = { busy, revalidate: revalidator.revalidate };
  });
  return useCallback(() => {
    // React's state can lag the router by a render: a send the router has already started
    // counts too (sends-in-flight.ts).
    if (latest.current.busy || sendsInFlight() > 0) return false;
    void latest.current.revalidate();
    return true;
  }, []);
}
