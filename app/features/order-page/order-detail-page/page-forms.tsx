import { createContext, useContext } from 'react'
import { useNavigation } from 'react-router'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import type { OrderIntent } from '#app/features/order-status/owner-intents.ts'

/** The version of the request the page shows; every form posts it back. */
export const VersionContext = createContext(0)

export function useVersion(): number {
  return useContext(VersionContext)
}

export function VersionField() {
  return <input type="hidden" name="version" value={useVersion()} />
}

/** The server's word on one field of the form that posted `intent`, when it refused it. */
export function errorOf(result: OrderActionResult | undefined, intent: OrderIntent, field: string) {
  return result && !result.ok && result.intent === intent ? result.fieldErrors?.[field] : undefined
}

/**
 * Whether the form that posts `intent` is on its way: to the server, and
 * then, once answered, until the page as it now stands has come back.
 */
export function useBusy(intent: OrderIntent): boolean {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}

/**
 * The server's answer to her last post, once the page it belongs to has
 * arrived. React Router hands over the answer while the page is still
 * reloading; shown then, "Quote sent" stood beside the request as it was
 * (its old forms, a payment card still missing) until the new page moved
 * every card, and the focus with it, under her finger. Meanwhile the form's
 * button keeps saying it is working (useBusy).
 */
export function useSettledAnswer(
  result: OrderActionResult | undefined,
): OrderActionResult | undefined {
  const navigation = useNavigation()
  return navigation.state === 'loading' && navigation.formData ? undefined : result
}
