import { createContext } from "react-router";

/**
 * Where the change feed stood as an admin request began (`ChangeFeed.mark`), before any of
 * its loaders read: the page sends it back when its live stream opens, so a page nothing has
 * changed under is not read a second time.
 */
export const liveMarkContext = createContext<string>();
