import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exited, spawnServer } from '../helpers/spawned-server';

/**
 * A clean stop answers what it received (issue 36 row 13): requests sent on kept-alive
 * connections as SIGTERM arrives are answered (with Connection: close), not reset; only
 * connections left idle are closed.
 */
const CONNECTIONS = 16;
const request = (port: string) =>
  `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;

interface Kept {
  socket: Socket;
  received(): string;
  ended: Promise<void>;
}

async function keptAlive(port: string): Promise<Kept> {
  const socket = connect(Number(port), '127.0.0.1');
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const ended = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(request(port));
  const until = Date.now() + 10_000;
  while (!text.includes('\r\n0\r\n\r\n') && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { socket, received: () => text, ended };
}

const answers = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g)?.length ?? 0;

describe('stopping with kept-alive connections', () => {
  for (const when of ['just before', 'just after'] as const) {
    it(`answers requests sent ${when} SIGTERM on kept-alive connections`, async () => {
      const server = await spawnServer('tests/api/harness/stopping-server.ts', {
        DATA_DIR: mkdtempSync(join(tmpdir(), 'evergreen-keep-')),
        DATABASE_URL: '',
      });
      try {
        const port = new URL(server.origin).port;
        const kept = await Promise.all(Array.from({ length: CONNECTIONS }, () => keptAlive(port)));
        expect(kept.map((one) => answers(one.received()))).toEqual(Array(CONNECTIONS).fill(1));
        const sendAll = () => kept.forEach((one) => one.socket.write(request(port)));
        if (when === 'just before') sendAll();
        server.child.kill('SIGTERM');
        if (when === 'just after') await new Promise((resolve) => setTimeout(resolve, 30));
        if (when === 'just after') sendAll();
        await Promise.all(kept.map((one) => one.ended));
        const second = kept.map((one) => answers(one.received()));
        expect(second).toEqual(Array(CONNECTIONS).fill(2));
        // Received after the signal: the answer says the connection closes.
        if (when === 'just after') {
          expect(kept.every((one) => /connection: close/i.test(one.received()))).toBe(true);
        }
        expect(await exited(server.child)).toEqual({ code: 0, signal: null });
      } finally {
        server.child.kill('SIGKILL');
      }
    }, 60_000);
  }

  it('closes a kept-alive connection that stays idle, and stops', async () => {
    const server = await spawnServer('tests/api/harness/stopping-server.ts', {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'evergreen-keep-')),
      DATABASE_URL: '',
    });
    const port = new URL(server.origin).port;
    const idle = await keptAlive(port);
    const sent = Date.now();
    server.child.kill('SIGTERM');
    await idle.ended;
    expect(await exited(server.child)).toEqual({ code: 0, signal: null });
    expect(Date.now() - sent).toBeLessThan(5_000);
  }, 60_000);
});
