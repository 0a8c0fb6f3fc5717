import { SPEED_GOALS, type SpeedMetric } from "./histogram";

/** A screen's name from its route id: "routes/admin/leads/lead" reads "leads/lead". */
export function screenName(routeId: string): string {
  const name = routeId.replace(/^routes\/admin\//, "").replace(/\/index$|^index$/, "");
  return name === "" || name === "dashboard" ? "dashboard" : name;
}

/** A figure as people read it: ms under a second, seconds above; CLS as a score. */
export function formatFigure(metric: SpeedMetric, value: number | null): string {
  if (value === null) return "—";
  if (metric === "CLS") return value.toFixed(2);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}

/** Whether a p75 meets the page's goal for its metric; undefined where it has none. */
export function meetsGoal(metric: SpeedMetric, p75: number | null): boolean | undefined {
  const goal = SPEED_GOALS[metric];
  if (goal === undefined || p75 === null) return undefined;
  return p75 < goal;
}
