import type { LookupAddress } from 'node:dns'
import { type RequestOptions, request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { type LookupHost, type PushReach, lookUpPushService } from './push-endpoint.server.ts'

export interface PushRequest {
  endpoint: string
  headers: Record<string, string>
  body: Buffer | null
}

/**
 * Posts one push and returns the push service's status. The service's
 * addresses are looked up and checked first, and the connection goes only
 * to those (see lookUpPushService); a redirect is an answer like any other,
 * never followed. `timeoutMs` bounds the whole of it, the lookup included:
 * a service that does not answer rejects with a TimeoutError.
 */
export async function postPush(
  push: PushRequest,
  { timeoutMs, ...reach }: PushReach & { timeoutMs: number; lookupHost?: LookupHost },
): Promise<number> {
  const signal = AbortSignal.timeout(timeoutMs)
  const addresses = await untilAborted(lookUpPushService(push.endpoint, reach), signal)
  const url = new URL(push.endpoint)
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  const options: RequestOptions = {
    method: 'POST',
    headers: push.headers,
    signal,
    // A connection of its own, to the addresses just checked; no pool keeps one to an older answer.
    agent: false,
    ...(addresses && { lookup: answerWith(addresses) }),
  }
  return new Promise<number>((resolve, reject) => {
    const req = send(url, options, (res) => {
      // The status is the answer; whatever body follows is read and dropped, and its
      // loss (the timeout running out while it comes) is nobody's error.
      res.on('error', () => {})
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', (error) => reject(signal.aborted ? signal.reason : error))
    req.end(push.body ?? undefined)
  })
}

/**
 * A lookup for the connection that answers with the checked addresses, as
 * node:net asks: every one (when it tries each family in turn) or the first.
 */
function answerWith(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses)
    else callback(null, addresses[0]!.address, addresses[0]!.family)
  }
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason)
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}
