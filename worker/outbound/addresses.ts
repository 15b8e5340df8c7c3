/**
 * Which IP addresses a request to an address a member gave may reach: public unicast ones only.
 * Everything else (loopback, private networks, link-local with the cloud metadata address, carrier-grade
 * NAT, unique-local, multicast, reserved and documentation ranges) is the inside of some network,
 * the server's own among them. IPv6 is allowed only in global unicast (2000::/3); IPv6 forms that
 * carry an IPv4 address (mapped, NAT64, 6to4) are judged by the IPv4 address they carry.
 *
 * The text is an address as `URL` writes a host (dotted IPv4, bracketed IPv6: it has already turned
 * decimal, hex and octal forms into these) or as a resolver answers; anything else is not public.
 */

type Range = readonly [base: string, prefix: number];

const IPV4_INSIDE: readonly Range[] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, the cloud metadata address among them
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and broadcast
];

/** Inside 2000::/3, the global unicast block, these are not the public internet either. */
const IPV6_INSIDE: readonly Range[] = [
  ["2001::", 23], // protocol assignments, Teredo among them
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
];

function parseIpv4(text: string): number | null {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)?.slice(1).map(Number);
  if (!parts || parts.some((part) => part > 255)) return null;
  return parts.reduce((n, part) => n * 256 + part, 0);
}

function parseIpv6(text: string): bigint | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => {
    if (!half) return [];
    const groups = half.split(":");
    const last = groups.at(-1)!;
    // A dotted IPv4 address may end it, standing for the last two groups.
    const v4 = last.includes(".") ? parseIpv4(last) : null;
    if (last.includes(".") && v4 === null) return null;
    if (v4 !== null) groups.splice(-1, 1, (v4 >>> 16).toString(16), (v4 & 0xffff).toString(16));
    return groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group)) ? groups : null;
  };
  const [head, tail] = [groupsOf(halves[0]!), halves.length === 2 ? groupsOf(halves[1]!) : []];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  return groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

const inRange4 = (n: number, [base, prefix]: Range) => n >>> (32 - prefix) === parseIpv4(base)! >>> (32 - prefix);

const inRange6 = (n: bigint, [base, prefix]: Range) =>
  n >> BigInt(128 - prefix) === parseIpv6(base)! >> BigInt(128 - prefix);

const isPublic4 = (n: number) => !IPV4_INSIDE.some((range) => inRange4(n, range));

function isPublic6(n: bigint) {
  const low32 = Number(n & 0xffffffffn);
  if (inRange6(n, ["::ffff:0:0", 96]) || inRange6(n, ["64:ff9b::", 96])) return isPublic4(low32);
  if (inRange6(n, ["2002::", 16])) return isPublic4(Number((n >> 80n) & 0xffffffffn));
  return inRange6(n, ["2000::", 3]) && !IPV6_INSIDE.some((range) => inRange6(n, range));
}

/** An IP address as text: IPv4 dotted, IPv6 with or without brackets. */
export const isIpAddress = (text: string) =>
  parseIpv4(text) !== null || parseIpv6(text.replace(/^\[(.*)\]$/, "$1")) !== null;

/** Whether the address is on the public internet; false for anything that is not an address. */
export function isPublicAddress(text: string) {
  const v4 = parseIpv4(text);
  if (v4 !== null) return isPublic4(v4);
  const v6 = parseIpv6(text.replace(/^\[(.*)\]$/, "$1"));
  return v6 !== null && isPublic6(v6);
}
