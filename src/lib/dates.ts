/** Dates as the content pages write them. Frontmatter dates are midnight UTC, so format in UTC. */

/** "Aug 1, 2025" */
export function longDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "8/1/2025" */
export function numericDate(date: Date): string {
  return date.toLocaleDateString('en-US', { timeZone: 'UTC' });
}

/** "2025-08-01" for <time datetime> and feeds. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
