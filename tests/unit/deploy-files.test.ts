import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';

/**
 * The committed deployment files (docs/production.md) agree with the shop: the systemd unit runs
 * the built server in production mode and waits longer than its shutdown grace; Caddy proxies to
 * the port the unit sets and leaves compression to the shop; every `npm run` in the guide exists.
 */
type Sections = Record<string, [string, string][]>;

function parseUnit(text: string): Sections {
  const sections: Sections = {};
  let current: [string, string][] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = sections[section[1]!] = [];
      continue;
    }
    const pair = /^(\w+)=(.*)$/.exec(line);
    if (!pair || !current) throw new Error(`Not a unit line: ${line}`);
    current.push([pair[1]!, pair[2]!]);
  }
  return sections;
}

/** Caddyfile blocks as nested lists of directive lines (tabs or spaces, braces on line ends). */
function caddyDirectives(text: string): string[] {
  let depth = 0;
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    if (line === '}') depth -= 1;
    else lines.push(`${depth}:${line.replace(/\s*\{$/, '')}`);
    if (line.endsWith('{')) depth += 1;
    expect(depth).toBeGreaterThanOrEqual(0);
  }
  expect(depth).toBe(0);
  return lines;
}

const unitText = readFileSync('deploy/evergreen.service', 'utf8');
const unit = parseUnit(unitText);
const values = (section: string, key: string) =>
  (unit[section] ?? []).filter(([name]) => name === key).map(([, value]) => value);
const environment = Object.fromEntries(
  values('Service', 'Environment').map((pair) => pair.split('=', 2) as [string, string]),
);

describe('deploy/evergreen.service', () => {
  it('runs the built server in production mode, behind a proxy on the loopback', () => {
    expect(Object.keys(unit)).toEqual(['Unit', 'Service', 'Install']);
    expect(values('Service', 'ExecStart')).toEqual(['/usr/bin/node dist/serve.mjs']);
    const settings = loadConfig({ ...environment, JWT_SECRET: 'k'.repeat(48) });
    expect(settings.isProduction).toBe(true);
    expect(settings.host).toBe('127.0.0.1');
    expect(settings.trustedProxies).toBe('loopback');
    expect(settings.backups.dir).toBe('/var/backups/evergreen');
    expect(values('Service', 'ReadWritePaths')[0]!.split(' ')).toEqual([
      settings.dataDir,
      settings.backups.dir,
    ]);
    expect(values('Service', 'EnvironmentFile')).toEqual(['/etc/evergreen/evergreen.env']);
  });

  it('stops with SIGTERM and waits longer than the shop’s shutdown grace', () => {
    expect(values('Service', 'KillSignal')).toEqual(['SIGTERM']);
    const grace = loadConfig({ JWT_SECRET: 'k'.repeat(48) }).shutdownGraceMs / 1000;
    expect(Number(values('Service', 'TimeoutStopSec')[0])).toBeGreaterThan(grace);
  });

  it('is a unit systemd accepts, where systemd-analyze is installed', () => {
    const probe = spawnSync('systemd-analyze', ['--version']);
    if (probe.error) return;
    const verified = spawnSync('systemd-analyze', ['verify', 'deploy/evergreen.service'], {
      encoding: 'utf8',
    });
    expect(verified.stderr).not.toMatch(/Unknown (key|section)|Invalid|Failed to parse/);
  });
});

describe('deploy/Caddyfile', () => {
  const directives = caddyDirectives(readFileSync('deploy/Caddyfile', 'utf8'));

  it('proxies the site to the port the unit sets, with the shop’s health check', () => {
    expect(directives[0]).toBe('0:shop.example.com');
    expect(directives).toContain(`1:reverse_proxy 127.0.0.1:${environment.PORT}`);
    expect(directives).toContain('2:health_uri /api/health');
  });

  it('leaves compression and caching to the shop', () => {
    expect(directives.some((line) => /^\d+:(encode|gzip|header|cache)\b/.test(line))).toBe(false);
  });

  it('lets through the largest body the shop accepts (an image upload, 15 MB)', () => {
    const size = directives.find((line) => line.includes('max_size'))!;
    expect(Number(/max_size (\d+)MB/.exec(size)![1])).toBeGreaterThanOrEqual(15);
  });
});

describe('docs/production.md', () => {
  it('names only npm scripts that exist', () => {
    const guide = readFileSync('docs/production.md', 'utf8');
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: object })
      .scripts;
    const named = [...guide.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(3);
    for (const name of named) expect(Object.keys(scripts)).toContain(name);
  });
});
