import { randomUUID } from 'node:crypto'
import { data, redirect, useActionData } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { giftCardsOn } from '#app/features/gift-cards/gift-card-book.server.ts'
import { GiftCardShop, type GiftCardShopRefusal } from '#app/features/gift-cards/gift-card-shop.tsx'
import { startGiftCardCheckout } from '#app/features/payments/gift-card-checkout.server.ts'
import { respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/gift-cards'

/** Her gift card shop, while she sells them and cards are taken (decision 114); else the 404 page. */
export async function loader({ request }: Route.LoaderArgs) {
  const open = cardPaymentsOn() && (await giftCardsOn(getDb()))
  const url = new URL(request.url)
  const notice =
    url.searchParams.get('bought') === 'yes'
      ? ('bought' as const)
      : url.searchParams.get('card') === 'cancelled'
        ? ('cancelled' as const)
        : null
  return data({ open, attempt: randomUUID(), notice }, { status: open ? 200 : 404 })
}

/** Opens Stripe's page for the card (see startGiftCardCheckout). */
export async function action({ request, context }: Route.ActionArgs) {
  const started = await startGiftCardCheckout({
    request,
    clientIp: context.get(clientIpContext),
    db: getDb(),
  })
  return 'redirect' in started ? redirect(started.redirect, 303) : respond(started)
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Gift cards', bakeryNameFrom(matches)) },
  {
    name: 'description',
    content: 'A gift card, emailed with its own code to the person you choose.',
  },
]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export default function GiftCards({ loaderData }: Route.ComponentProps) {
  const refusal = useActionData<GiftCardShopRefusal>()
  const { identity } = useSiteWords()
  if (!loaderData.open) return <NotFoundPage />
  return (
    <GiftCardShop
      bakeryName={identity.name}
      attempt={loaderData.attempt}
      notice={loaderData.notice}
      refusal={refusal && !refusal.ok ? refusal : undefined}
    />
  )
}
