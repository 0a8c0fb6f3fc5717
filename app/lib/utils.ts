import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { cutConfig } from "./tailwind-merge-config";

/**
 * tailwind-merge with its own default configuration cut to the class groups the app uses
 * (scripts/tailwind-merge-config.ts, decision 0043): the same answers as `twMerge` for every
 * class the app writes, in less of every screen's first load. tailwind-merge builds its class
 * map at the first merge, not as this module loads.
 */
const merge = createTailwindMerge(cutConfig);

export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
