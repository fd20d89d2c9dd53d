import { isIP } from 'node:net';

/**
 * The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two groups), or undefined
 * when `address` is not IPv6. A zone (`%eth0`) is ignored.
 */
export function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return undefined;
  let text = bare.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<number>(zeros).fill(0), ...right];
}

/** The dotted IPv4 address held in two 16-bit groups. */
export const ipv4FromGroups = (hi: number, lo: number): string => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its /64, the smallest network a client is usually given, so one client rotating
 * through the addresses of its /64 is still one client.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return ipv4FromGroups(groups[6], groups[7]);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
