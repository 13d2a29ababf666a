import { isIPv4, isIPv6 } from 'node:net';

/** An IPv6 address as its eight 16-bit groups (an IPv4 tail made two groups), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address;
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (side: string | undefined) =>
    side ? side.split(':').map((group) => parseInt(group, 16)) : [];
  const front = part(head);
  const back = part(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

/**
 * The key a client's network address is counted under by per-address limits (issue 36): an IPv4
 * address as it is; an IPv6 address by its /64 prefix, since one subscriber is routinely handed a
 * whole /64 and could otherwise take a fresh address for each try; an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.7`) as the IPv4 address it is. Anything else (no address) is returned as given.
 */
export function ipLimitKey(ip: string | undefined): string | undefined {
  if (!ip || isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip.replace(/%.*$/, ''));
  if (!groups) return ip;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
