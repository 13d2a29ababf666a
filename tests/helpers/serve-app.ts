import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Anything that answers a fetch Request (the Elysia app's `handle`). */
interface Handler {
  handle(request: Request): Promise<Response> | Response;
}

/**
 * Serves `app` over plain HTTP on PORT at 127.0.0.1 and prints "listening" when it is up, which
 * the tests that spawn these helper processes wait for.
 */
export function serveApp(app: Handler): Server {
  const server = createServer(appListener(app));
  server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
  return server;
}

/** A node request listener that hands each request to `app` and writes its answer. */
export function appListener(app: Handler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const response = await app.handle(
      new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers,
        ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}
