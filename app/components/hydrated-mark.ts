import { useEffect } from "react";

/** The User Timing mark set once React has hydrated the page: read by the bench and by the
 * real-user figures (speed-report.ts), decision 0058. */
export const HYDRATED_MARK = "hydrated";

/** Marks the moment the page's first hydration committed (an effect runs after its commit). */
export function useHydratedMark() {
  useEffect(() => {
    if (performance.getEntriesByName(HYDRATED_MARK, "mark").length === 0) {
      performance.mark(HYDRATED_MARK);
    }
  }, []);
}
