import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * Where the photo downloads' full-resolution files live: api/assets/downloads/<slug>.jpg, drawn
 * by scripts/generate-images.ts at the size their details promise. Never under public/: a file
 * leaves the server only through a paid order's download link.
 */
export const DOWNLOADS_DIR = resolve(process.cwd(), 'api', 'assets', 'downloads');

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function downloadFilePath(slug: string): string | undefined {
  return SLUG.test(slug) ? resolve(DOWNLOADS_DIR, `${slug}.jpg`) : undefined;
}

/** Whether a product (by slug) has a file to deliver. */
export function hasDownloadFile(slug: string | null): slug is string {
  const path = slug ? downloadFilePath(slug) : undefined;
  return path !== undefined && existsSync(path);
}

/** The file's size, or undefined when it is missing. */
export async function downloadFileSize(slug: string): Promise<number | undefined> {
  const path = downloadFilePath(slug);
  if (!path) return undefined;
  try {
    return (await stat(path)).size;
  } catch {
    return undefined;
  }
}
