// npm run bench:featured — load on GET /api/product/search?isFeatured=true through the production
// server (dist/serve.mjs) and through the same Elysia app served bare, in one run. Each load is
// bounded in time (BENCH_SECONDS, default 10) on loopback. Target: production keeps at least half
// the bare rate. Machines here are shared: compare the ratio, not the absolute figures.
import { load, printTable, startServer } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const route = '/api/product/search?isFeatured=true';
const buildDir = process.env.BUILD_DIR ?? 'dist';

const production = await startServer('node', [`${buildDir}/serve.mjs`]);
const productionResult = await load('production', production.url + route, {
  connections,
  seconds,
});
await production.stop();

const bare = await startServer('node', ['--import', 'tsx', 'bench/bare-server.ts']);
const bareResult = await load('bare elysia', bare.url + route, { connections, seconds });
await bare.stop();

console.log(`\n${route}, ${connections} connections, ${seconds} s each\n`);
printTable([productionResult, bareResult]);
const ratio = productionResult.requestsPerSecond / bareResult.requestsPerSecond;
console.log(
  `\nproduction / bare: ${ratio.toFixed(2)} of the rate, p99 ${productionResult.p99} ms vs ${bareResult.p99} ms`,
);
console.log(ratio >= 0.5 ? 'target met (>= 0.50)' : 'TARGET MISSED (< 0.50)');
if (productionResult.errors + bareResult.errors + productionResult.non2xx + bareResult.non2xx > 0) {
  console.log('some requests failed: see the errors and non-2xx columns');
  process.exitCode = 1;
}
