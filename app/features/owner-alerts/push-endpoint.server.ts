import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { isLoopbackAddress, isPublicAddress } from '#app/utils/public-address.server.ts'

/**
 * Where the server may post an alert. A browser's push subscription names
 * the address the server then posts to, so an endpoint is someone's word
 * for where our server should reach out; it must be a push service on the
 * internet, never this machine, its network or the cloud's metadata
 * service (decision 078).
 */
export interface PushReach {
  /**
   * Tests only (PUSH_ALLOW_LOOPBACK): the tests' push service listens on
   * this machine's loopback over plain http. Nothing else inside is allowed.
   */
  allowLoopback?: boolean
}

/** What the log and the alert's row say about a refused address: never the address itself. */
export const NOT_ON_THE_INTERNET = 'The push service’s address is not on the internet.'

/** A push that must not go where its endpoint points: given up on, never retried. */
export class RefusedPushAddress extends Error {
  override name = 'RefusedPushAddress'
  constructor() {
    super(NOT_ON_THE_INTERNET)
  }
}

/** Names that are inside by definition, whatever a DNS server says about them. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/

/** The endpoint's host as a name or an address: no brackets, no trailing dot, lower case. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '')
}

/**
 * Whether an endpoint may be posted to, as far as its address alone says:
 * https, no user name or password, and a host that is a public address or a
 * name that could be one (a dotted name outside .localhost, .local,
 * .internal and .home.arpa). Checked when a browser subscribes and again
 * before every push; a name's addresses are checked at the push, see
 * `lookUpPushService`.
 */
export function isReachablePushEndpoint(endpoint: string, { allowLoopback }: PushReach): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  const host = hostOf(url)
  const loopback = isIP(host) ? isLoopbackAddress(host) : /(^|\.)localhost$/.test(host)
  if (allowLoopback && loopback) return url.protocol === 'https:' || url.protocol === 'http:'
  if (url.protocol !== 'https:') return false
  if (isIP(host)) return isPublicAddress(host)
  return host.includes('.') && !LOCAL_NAMES.test(host)
}

/** How a push service's name is turned into addresses: the system's resolver, every address. */
export type LookupHost = (hostname: string) => Promise<LookupAddress[]>

const systemLookup: LookupHost = (hostname) => lookup(hostname, { all: true, verbatim: true })

/**
 * The addresses to connect to for an endpoint, each one checked: every
 * address its name has must be on the internet (or loopback, where the
 * tests' push service is allowed), since a name that also points inside is
 * someone steering us there. Undefined when the host is an address already
 * (checked with the endpoint). The push then connects only to these, never
 * asking the DNS again, so a name cannot answer one address here and
 * another at the connection (DNS rebinding). Throws RefusedPushAddress, or
 * the resolver's error when the name cannot be looked up (tried again later).
 */
export async function lookUpPushService(
  endpoint: string,
  { allowLoopback = false, lookupHost = systemLookup }: PushReach & { lookupHost?: LookupHost },
): Promise<LookupAddress[] | undefined> {
  if (!isReachablePushEndpoint(endpoint, { allowLoopback })) throw new RefusedPushAddress()
  const url = new URL(endpoint)
  const host = hostOf(url)
  if (isIP(host)) return undefined
  const addresses = await lookupHost(host)
  // Plain http is only ever for the tests' service, so only to loopback.
  const allowed = (address: string) =>
    url.protocol === 'https:' && isPublicAddress(address)
      ? true
      : allowLoopback && isLoopbackAddress(address)
  if (addresses.length === 0 || !addresses.every(({ address }) => allowed(address))) {
    throw new RefusedPushAddress()
  }
  return addresses
}
