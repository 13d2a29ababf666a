/** localStorage that does nothing where storage is unavailable (spec §3: persistence is a no-op). */

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage unavailable or full: the choice lasts for this page only.
  }
}
