import { z } from 'zod';

/** The back office's upload of a DOR ZIP+4 file: its name and its text (read by the browser). */
export const taxImportBody = z.object({
  fileName: z.string().trim().min(1).max(200),
  content: z.string().min(1).max(45_000_000),
});
export type TaxImportBody = z.output<typeof taxImportBody>;

export const zipNeedsPlus4Query = z.object({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/),
});

/** What the tax page shows: the periods imported and whether today's is among them. */
export interface TaxStatusDto {
  today: string;
  current: { start: string; end: string; ranges: number } | null;
  periods: { start: string; end: string; ranges: number; sourceName: string; importedAt: string }[];
  /** The warning to show, or null when today's and (near a quarter's end) the next are loaded. */
  notice: string | null;
}
