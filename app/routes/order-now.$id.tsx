import { type ShouldRevalidateFunction, data, redirect, useActionData } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { bakeryNameFrom, pageMeta } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { BuyNowForm } from '#app/features/buy-now/buy-now-form.tsx'
import { buyNowPageData } from '#app/features/buy-now/buy-now-page.server.ts'
import { type BuyNowRefusal, receiveBuyNow } from '#app/features/buy-now/buy-now-send.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/order-now.$id'

function productIdOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null
}

/**
 * A treat bought now at its set price (decision 103). One that is quoted is
 * ordered through the order form, chosen there; one not on the menu is the
 * site's own 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = productIdOf(params.id)
  const page = id === null ? null : await buyNowPageData(getDb(), id)
  if (page && 'quoted' in page) {
    throw redirect(`/ordernow?product=${encodeURIComponent(page.quoted)}`)
  }
  return page ? { page } : data({ page: null }, { status: 404 })
}

/** The order: on to Stripe's page or hers (303), or back with what to change or confirm. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = productIdOf(params.id)
  if (id === null) throw data('There is no such treat.', { status: 404 })
  const answer = await receiveBuyNow({
    db: getDb(),
    productId: id,
    request,
    clientIp: context.get(clientIpContext),
  })
  if ('location' in answer) return redirect(answer.location, 303)
  return respond(answer)
}

export const headers = actionReplyHeaders

/**
 * A refused order reads the treat again: a price, fee or rush that changed
 * since the page opened is then the total her page shows and sends.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => actionStatus === 409 || defaultShouldRevalidate

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  loaderData?.page
    ? [
        { title: pageTitle(loaderData.page.setPrice.name, bakeryNameFrom(matches)) },
        {
          name: 'description',
          content: (
            loaderData.page.description ||
            `${loaderData.page.setPrice.name}, from ${formatMoney(loaderData.page.setPrice.basePriceCents)}.`
          ).slice(0, 160),
        },
      ]
    : pageMeta({ page: 'notFound', path: location.pathname, matches })

export default function BuyNow({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<BuyNowRefusal | { ok: false; error: string; problems?: undefined }>()
  if (!loaderData.page) return <NotFoundPage />
  const { page } = loaderData
  const refusal: BuyNowRefusal | undefined =
    answer && !answer.problems
      ? { ...answer, problems: [{ field: 'form', message: answer.error }], values: {} }
      : (answer as BuyNowRefusal | undefined)
  return (
    <section className="page-section" aria-labelledby="buy-now-heading">
      <p className="eyebrow">Order now</p>
      <h1 id="buy-now-heading" className="page-heading mt-2">
        {page.setPrice.name}
      </h1>
      <p className="lede mt-3 max-w-2xl">
        {page.description ? `${page.description} ` : ''}From{' '}
        {formatMoney(page.setPrice.basePriceCents)}: choose yours, see the total, and order at once.
      </p>
      <div className="mt-8">
        <BuyNowForm data={page} refusal={refusal} />
      </div>
    </section>
  )
}
