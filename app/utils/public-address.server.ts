import { BlockList, isIP } from 'node:net'

/**
 * IPv4 blocks that are not the public internet, from IANA's special-purpose
 * address registry: this host, private, shared (CGNAT), loopback, link-local
 * (with the clouds' metadata service at 169.254.169.254), protocol
 * assignments, documentation, benchmarking, multicast and reserved.
 */
const INSIDE_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]

/**
 * IPv6 blocks inside global unicast (2000::/3) that are not the public
 * internet, or that carry an IPv4 address a relay would reach for us
 * (Teredo, 6to4): protocol assignments, documentation, 6to4, SRv6.
 * Everything outside 2000::/3 (loopback, IPv4-mapped, NAT64, unique local
 * fc00::/7, link-local fe80::/10, multicast) is refused by not being in it.
 */
const INSIDE_V6: [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['5f00::', 16],
]

const inside = new BlockList()
for (const [prefix, bits] of INSIDE_V4) inside.addSubnet(prefix, bits, 'ipv4')
for (const [prefix, bits] of INSIDE_V6) inside.addSubnet(prefix, bits, 'ipv6')

const globalUnicast = new BlockList()
globalUnicast.addSubnet('2000::', 3, 'ipv6')

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/**
 * Whether an IP address (v4 or v6, as text) is on the public internet: the
 * only addresses the server may be asked to reach out to on someone's
 * behalf. Anything that is not an address, or that `BlockList` cannot read
 * (an IPv6 zone), is not. node:net's `BlockList` compares IPv4-mapped IPv6
 * addresses with the IPv4 rules, so ::ffff:127.0.0.1 counts as 127.0.0.1.
 */
export function isPublicAddress(address: string): boolean {
  try {
    const family = isIP(address)
    if (family === 4) return !inside.check(address, 'ipv4')
    if (family === 6) return globalUnicast.check(address, 'ipv6') && !inside.check(address, 'ipv6')
  } catch {
    // An address BlockList cannot parse is not one we reach.
  }
  return false
}

/** Whether an IP address is this machine's loopback (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopbackAddress(address: string): boolean {
  try {
    const family = isIP(address)
    if (family === 4) return loopback.check(address, 'ipv4')
    if (family === 6) return loopback.check(address, 'ipv6')
  } catch {
    // Not an address.
  }
  return false
}
