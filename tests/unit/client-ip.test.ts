import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, clientIp, connectionClientIp } from '../../api/lib/client-ip';

describe("the shopper's network address", () => {
  it('is the socket address for a direct connection, whatever X-Forwarded-For says', () => {
    expect(connectionClientIp('203.0.113.9', undefined)).toBe('203.0.113.9');
    expect(connectionClientIp('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('is the last X-Forwarded-For hop behind a reverse proxy on the same machine', () => {
    expect(connectionClientIp('127.0.0.1', '10.0.0.1, 198.51.100.7')).toBe('198.51.100.7');
    expect(connectionClientIp('::1', ['198.51.100.8'])).toBe('198.51.100.8');
    expect(connectionClientIp('::ffff:127.0.0.1', '198.51.100.9')).toBe('198.51.100.9');
    expect(connectionClientIp('127.0.0.1', undefined)).toBe('127.0.0.1');
    expect(connectionClientIp('127.0.0.1', ' , ')).toBe('127.0.0.1');
  });

  it('is read back by the API from the header the server entry writes', () => {
    const request = new Request('http://localhost/', {
      headers: { [CLIENT_IP_HEADER]: '192.0.2.4' },
    });
    expect(clientIp(request)).toBe('192.0.2.4');
    expect(clientIp(new Request('http://localhost/'))).toBeUndefined();
  });
});
