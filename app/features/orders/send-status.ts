import type { OrderSendResult } from './order-send.server.ts'

/** What the cart says after a send: the spec's words, and why when it failed. */
export function sendStatus(
  result: OrderSendResult | undefined,
): { tone: 'success' | 'error'; message: string; detail?: string } | null {
  if (!result) return null
  return result.ok
    ? { tone: 'success', message: 'Orders sent successfully!' }
    : { tone: 'error', message: 'Error sending orders.', detail: result.error }
}
