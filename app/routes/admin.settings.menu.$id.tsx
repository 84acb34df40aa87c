import { Link, data, useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import {
  type DeliveryFeeAnswer,
  receiveDeliveryFees,
} from '#app/features/availability/delivery-fee-action.server.ts'
import {
  DeliveryFeeForm,
  deliveryFeeValues,
} from '#app/features/availability/delivery-fee-settings.tsx'
import { readDeliveryFees } from '#app/features/availability/delivery-fees.server.ts'
import { type SetPriceAnswer, receiveSetPrice } from '#app/features/menu/set-price-action.server.ts'
import { setPriceValues } from '#app/features/menu/set-price-form.ts'
import { SetPriceForm } from '#app/features/menu/set-price-settings.tsx'
import { readSetPriceSettings } from '#app/features/menu/set-prices.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { currencySymbol } from '#app/utils/money.ts'
import { actionReplyHeaders, reply, respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings.menu.$id'

/** Eight groups of twelve choices, written out: far below this. */
const MAX_SET_PRICE_FORM_BYTES = 32 * 1024

function productIdOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`${loaderData?.name ?? 'Treat'}: buy now`, bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const id = productIdOf(params.id)
  const db = getDb()
  const kept = id === null ? null : await readSetPriceSettings(db, id)
  if (!kept || id === null) throw data('There is no such treat on the menu.', { status: 404 })
  return {
    id,
    name: kept.name,
    values: setPriceValues(kept),
    feeValues: deliveryFeeValues(await readDeliveryFees(db)),
    currencySymbol: currencySymbol(),
  }
}

/** Her set price (`intent=set-price`) or the delivery fees (`intent=delivery-fees`). */
export async function action({ params, request }: Route.ActionArgs) {
  const id = productIdOf(params.id)
  if (id === null) throw data('There is no such treat on the menu.', { status: 404 })
  const fields = await readAdminForm(request, MAX_SET_PRICE_FORM_BYTES)
  const form = new URLSearchParams(fields)
  const db = getDb()
  if (fields && form.get('intent') === 'set-price')
    return respond(await receiveSetPrice(db, id, form))
  if (fields && form.get('intent') === 'delivery-fees')
    return respond(await receiveDeliveryFees(db, form))
  return respond(reply(400, { ok: false, error: NOT_UNDERSTOOD }))
}

export const headers = actionReplyHeaders

type Answer = SetPriceAnswer | DeliveryFeeAnswer | { ok: false; error: string; intent?: undefined }

export default function SetPricePage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<Answer>()
  const { id, name, values, feeValues } = loaderData
  const answerOf = (intent: 'set-price' | 'delivery-fees') =>
    answer?.intent === intent ? answer : undefined
  const priceAnswer = answerOf('set-price')
  const feeAnswer = answerOf('delivery-fees')
  return (
    <section className="page-section max-w-3xl" aria-labelledby="set-price-heading">
      <p className="eyebrow">
        <Link to={`/admin/settings#product-${id}`} className="text-link">
          Settings › The menu
        </Link>
      </p>
      <h1 id="set-price-heading" className="page-heading mt-2">
        {name}: buy now
      </h1>
      <p className="lede mt-3">
        Sold at a set price, customers see the total of what they choose and order at once: no quote
        to write. A choice that needs a quote sends the order to you as a request.
      </p>
      {answer && !answer.intent ? (
        <p className="status-error mt-4" role="alert">
          {answer.error}
        </p>
      ) : null}
      <div className="mt-6">
        <SetPriceForm
          key={JSON.stringify(values)}
          name={name}
          values={priceAnswer && !priceAnswer.ok ? priceAnswer.values : values}
          errors={priceAnswer && !priceAnswer.ok ? priceAnswer.errors : {}}
          saved={priceAnswer?.ok ? priceAnswer.message : undefined}
          currencySymbol={loaderData.currencySymbol}
        />
      </div>
      <div className="mt-10">
        <DeliveryFeeForm
          key={JSON.stringify(feeValues)}
          values={feeAnswer && !feeAnswer.ok ? feeAnswer.values : feeValues}
          errors={feeAnswer && !feeAnswer.ok ? feeAnswer.errors : {}}
          saved={feeAnswer?.ok ? feeAnswer.message : undefined}
          currencySymbol={loaderData.currencySymbol}
        />
      </div>
    </section>
  )
}
