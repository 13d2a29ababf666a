// npm run bench:mail — how long the emails take to render (React Email to HTML, then the text part
// read from it) with React in production mode: the first render in a fresh process, then warm.
// The order emails are rendered inside the order's transaction today
// (api/modules/orders/confirm-order.ts); a flow that knows the order's number before its last
// transaction should render them before it. Target: both order emails together, warm, p50 under
// 10 ms. Machines here are shared: p99 follows the load. BENCH_RENDERS sets the count.
import { contactMessageEmail, newOrderEmail, orderConfirmationEmail } from '../api/modules/mail';
import { CEDAR_MUGS, SAMPLE_SHOP, sampleOrderEmail } from '../tests/helpers/mail-samples';

const renders = Number(process.env.BENCH_RENDERS ?? 200);
const shop = SAMPLE_SHOP;
/** Six lines: a larger order than most, so the figure is not flattered. */
const order = sampleOrderEmail(
  Array.from({ length: 6 }, (_, index) => ({
    ...CEDAR_MUGS,
    title: `${CEDAR_MUGS.title} ${index + 1}`,
    sku: `EG-MUG-${index}`,
  })),
);
const message = {
  email: 'fern@example.com',
  subject: 'Problem with order',
  message: 'My mug arrived chipped.\nCould you send another one?\nThanks!',
  orderNumber: '1042',
};

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const bothOrderEmails = () =>
  Promise.all([orderConfirmationEmail(order, shop), newOrderEmail(order, shop)]);

const first = await time(bothOrderEmails);
const samples: Record<string, number[]> = { 'both order emails': [], 'contact message': [] };
for (let round = 0; round < renders; round += 1) {
  samples['both order emails']!.push(await time(bothOrderEmails));
  samples['contact message']!.push(await time(() => contactMessageEmail(message, shop)));
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

console.log(`first render of both order emails in this process: ${first.toFixed(1)} ms`);
console.log(`${renders} warm renders each:`);
for (const [name, values] of Object.entries(samples)) {
  console.log(
    `  ${name.padEnd(18)} p50 ${percentile(values, 0.5).toFixed(1)} ms  p99 ${percentile(values, 0.99).toFixed(1)} ms`,
  );
}
const p50 = percentile(samples['both order emails']!, 0.5);
console.log(p50 < 10 ? 'target met (p50 < 10 ms)' : 'TARGET MISSED (p50 >= 10 ms)');
