import { createContext } from "react-router";
import type { AppServices } from "../services.server";

/** Set by the Express entry (http/app.ts) for every request. */
export const servicesContext = createContext<AppServices>();
