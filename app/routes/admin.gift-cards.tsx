import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import {
  giftCardsOn,
  listGiftCards,
  receiveGiftCardSwitch,
} from '#app/features/gift-cards/gift-card-book.server.ts'
import {
  type GiftCardSwitchAnswer,
  GiftCardsPage,
} from '#app/features/gift-cards/gift-cards-page.tsx'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.gift-cards'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Gift cards', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb()
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100)
  return {
    on: await giftCardsOn(db),
    cardsOn: cardPaymentsOn(),
    cards: await listGiftCards(db, { q }),
    q,
  }
}

/** Starts or stops selling gift cards. */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveGiftCardSwitch({ db: getDb(), request, cardsOn: cardPaymentsOn() }))
}

export default function GiftCards({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<GiftCardSwitchAnswer>()
  return <GiftCardsPage {...loaderData} answer={answer} />
}
