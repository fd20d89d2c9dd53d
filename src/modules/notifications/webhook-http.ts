import { createHmac, timingSafeEqual } from 'node:crypto';
import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { ipv4FromGroups, ipv6Groups } from '../../common/ip-address.js';

export const SIGNATURE_HEADER = 'X-OkayBike-Signature';
export const EVENT_ID_HEADER = 'X-OkayBike-Event-Id';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, like Stripe's. */
export function signWebhook(secret: string, rawBody: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** What a partner runs (README): true when the header matches the body and is at most `toleranceS` old. */
export function verifyWebhookSignature(secret: string, rawBody: string, header: string, nowS = Math.floor(Date.now() / 1000), toleranceS = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(signWebhook(secret, rawBody, t).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** IPv4: loopback, private, link-local, carrier-grade NAT, multicast, unspecified, documentation and reserved ranges; IPv6: see isPrivateAddress. */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * true when `address` is not a public unicast address. IPv4: the private, loopback, link-local, shared,
 * documentation, multicast and reserved ranges. IPv6: only global unicast (2000::/3) passes, less the IETF
 * protocol assignments (2001::/23, Teredo 2001::/32 among them), documentation (2001:db8::/32) and 6to4
 * (2002::/16), whatever they embed. An IPv4-mapped address (::ffff:a.b.c.d, a connection to that IPv4 address)
 * passes when its IPv4 address does; every other form that embeds an IPv4 address (::a.b.c.d, ::ffff:0:a.b.c.d)
 * lies outside 2000::/3 and is refused, so [::127.0.0.1] and [::ffff:0:7f00:1] cannot reach the loopback. The
 * embedded IPv4 addresses are checked first all the same, so the refusal names no reason a future range could miss.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  const g = ipv6Groups(address);
  if (!g) return true;
  const embedded: string[] = [];
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) embedded.push(ipv4FromGroups(g[6], g[7]));
  else if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) embedded.push(ipv4FromGroups(g[6], g[7]));
  else if (zeros(0, 6)) embedded.push(ipv4FromGroups(g[6], g[7]));
  if (g[0] === 0x2002) embedded.push(ipv4FromGroups(g[1], g[2]));
  if (g[0] === 0x2001 && g[1] === 0) embedded.push(ipv4FromGroups(g[2], g[3]), ipv4FromGroups(g[6] ^ 0xffff, g[7] ^ 0xffff));
  if (embedded.some((v4) => blocked.check(v4, 'ipv4'))) return true;
  // An IPv4-mapped address is an IPv4 connection: its IPv4 address alone decides.
  if (zeros(0, 5) && g[5] === 0xffff) return false;
  if ((g[0] & 0xe000) !== 0x2000) return true;
  const canonical = g.map((x) => x.toString(16)).join(':');
  return blocked.check(canonical, 'ipv6');
}

/** A target URL as logs show it: origin and path, never its credentials or query. */
export function loggableUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

export class TargetRefused extends Error {}

/** Every address `host` resolves to; refused (TargetRefused) if any is private, unless allowed. */
export async function resolveTarget(host: string, allowPrivate: boolean): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare)
    ? [bare]
    : await new Promise<string[]>((resolve, reject) =>
        dnsLookup(bare, { all: true, verbatim: true }, (err, list: LookupAddress[]) => (err ? reject(new TargetRefused(`${host} does not resolve`)) : resolve(list.map((a) => a.address)))),
      );
  if (!allowPrivate) {
    const bad = addresses.find(isPrivateAddress);
    if (bad) throw new TargetRefused(`${host} resolves to ${bad}, a private or loopback address`);
  }
  return addresses;
}

export interface PostResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  excerpt: string;
}

const EXCERPT = 500;

/**
 * POSTs a webhook body. The connection goes to an address checked at connect time (the lookup hook), so a name
 * re-resolving to a private address between the check and the request (DNS rebinding) is refused too.
 * Never follows redirects. Never throws: failures come back in `error`. `timeoutMs` bounds the whole exchange
 * (connect, send, answer), not only a silent socket: a receiver trickling its answer byte by byte is cut off too,
 * so the attempt ends inside the worker's lease on the delivery.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>, opts: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    let done = false;
    const timer: { deadline?: NodeJS.Timeout } = {};
    const finish = (r: Omit<PostResult, 'latencyMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer.deadline);
      resolve({ ...r, latencyMs: Date.now() - started });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return finish({ statusCode: null, error: 'invalid URL', excerpt: '' });
    }
    const lib = target.protocol === 'https:' ? https : http;
    const lookup: typeof dnsLookup = ((hostname: string, options: object, cb: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
      resolveTarget(hostname, opts.allowPrivate).then(
        (addresses) => {
          const all = (options as { all?: boolean }).all;
          const list = addresses.map((address) => ({ address, family: isIP(address) }));
          if (all) cb(null, list);
          else cb(null, list[0].address, list[0].family);
        },
        (err: Error) => cb(err, '', 4),
      );
    }) as typeof dnsLookup;
    const bareHost = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(bareHost) && !opts.allowPrivate && isPrivateAddress(bareHost)) {
      return finish({ statusCode: null, error: `${bareHost} is a private or loopback address`, excerpt: '' });
    }
    const req = lib.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'OkayBike-Webhooks/1.0', ...headers },
        lookup,
        timeout: opts.timeoutMs,
      },
      (res) => {
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT) excerpt += chunk.slice(0, EXCERPT - excerpt.length);
        });
        res.on('end', () => finish({ statusCode: res.statusCode ?? null, error: null, excerpt }));
        res.on('error', (e) => finish({ statusCode: res.statusCode ?? null, error: e.message, excerpt }));
      },
    );
    const tooLate = () => new Error(`no answer within ${opts.timeoutMs} ms`);
    req.on('timeout', () => req.destroy(tooLate()));
    timer.deadline = setTimeout(() => {
      const e = tooLate();
      finish({ statusCode: null, error: e.message, excerpt: '' });
      req.destroy(e);
    }, opts.timeoutMs);
    timer.deadline.unref();
    req.on('error', (e) => finish({ statusCode: null, error: e.message, excerpt: '' }));
    req.end(body);
  });
}
