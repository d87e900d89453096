import { z } from 'zod';

export const analyticsEventSchema = z.object({
  category: z.string().trim().min(1).max(40),
  action: z.string().trim().min(1).max(40),
  label: z.string().trim().max(300),
});
export const analyticsBatchSchema = z.object({ events: z.array(analyticsEventSchema).min(1).max(50) });
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
