/**
 * The dashboard's chart of the last 30 days, drawn as SVG on the server (issue 14: no chart script
 * on the page): one bar per day for the revenue, its height against the busiest day, with a text
 * summary for screen readers. Only numbers and ISO dates go into the markup.
 */
import { formatCents } from '../../../core/money';

export interface DayFigures {
  day: string;
  orders: number;
  revenueCents: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const PADDING = 24;

/** A coordinate to a tenth of a pixel: enough for a bar, short in the SVG. */
const tenths = (value: number): number => Math.round(value * 10) / 10;

export function revenueChartSvg(days: DayFigures[]): string {
  const max = Math.max(1, ...days.map((d) => d.revenueCents));
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const totalCents = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const slot = (WIDTH - PADDING * 2) / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plotHeight = HEIGHT - PADDING * 2;
  const bars = days
    .map((d, i) => {
      const h = Math.round((d.revenueCents / max) * plotHeight);
      const x = tenths(PADDING + i * slot + (slot - barWidth) / 2);
      const y = HEIGHT - PADDING - h;
      const title = `${d.day}: ${d.orders} orders, ${formatCents(d.revenueCents)}`;
      return `<rect x="${x}" y="${y}" width="${tenths(barWidth)}" height="${h}" fill="#2f6b3a"><title>${title}</title></rect>`;
    })
    .join('');
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const summary = `Last 30 days: ${totalOrders} orders, ${formatCents(totalCents)} revenue.`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${summary}">` +
    `<title>${summary}</title>` +
    `<line x1="${PADDING}" y1="${HEIGHT - PADDING}" x2="${WIDTH - PADDING}" y2="${HEIGHT - PADDING}" stroke="#555"/>` +
    bars +
    `<text x="${PADDING}" y="${HEIGHT - 6}" font-size="11" fill="#333">${first}</text>` +
    `<text x="${WIDTH - PADDING}" y="${HEIGHT - 6}" font-size="11" fill="#333" text-anchor="end">${last}</text>` +
    `<text x="${PADDING}" y="14" font-size="11" fill="#333">Max ${formatCents(max)} a day</text>` +
    `</svg>`
  );
}
