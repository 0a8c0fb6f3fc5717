import { z } from "zod";
import { DEVICE_CLASSES, SPEED_METRICS } from "../speed/histogram";

/**
 * One batch of a browser's speed figures (decision 0058): which screen (a back-office route
 * id, no URL, so no record's id), the device's class and each metric's value. Nothing about
 * the person.
 */
export const speedReportSchema = z.object({
  screen: z
    .string()
    .max(80)
    .regex(/^routes\/admin\/[a-z0-9/_.-]+$/),
  device: z.enum(DEVICE_CLASSES),
  samples: z
    .array(
      z.object({
        metric: z.enum(SPEED_METRICS),
        value: z.number().finite().min(0).max(600_000),
      }),
    )
    .min(1)
    .max(8),
});

export type SpeedReport = z.infer<typeof speedReportSchema>;
