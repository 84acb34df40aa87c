import { type ShouldRevalidateFunction, data } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { getEnv } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { MarginNote } from '#app/features/kitchen/margin-note.tsx'
import { readTreatCost } from '#app/features/kitchen/treat-cost.server.ts'
import { mediaSettings } from '#app/features/media/media-quota.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import { OrderDetailPage } from '#app/features/order-page/order-detail-page/order-detail-page.tsx'
import { PriceNote } from '#app/features/order-page/order-detail-page/price-note.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { PROOF_STEPS } from '#app/features/order-status/owner-intents.ts'
import { readOwnerProof, receiveProofSend } from '#app/features/proof-steps/proof-steps.server.ts'
import { ProofCard } from '#app/features/proofs/proof-card.tsx'
import { asProofSendResult } from '#app/features/proofs/proof-rules.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.orders.$id'

/** The request's id from the URL; undefined for anything that is not one. */
function requestIdOf(param: string | undefined): number | undefined {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : undefined
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      loaderData?.detail
        ? `${loaderData.detail.request.productType} for ${loaderData.detail.request.name}`
        : 'Order not found',
      bakeryNameFrom(matches),
    ),
  },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const id = requestIdOf(params.id)
  const today = bakeryToday()
  const detail = id === undefined ? undefined : await readOrderDetail(getDb(), id, today)
  // The owner layout's error page says which order is not there, with the way back.
  if (!detail) throw data('That request is not in the order book.', { status: 404 })
  return {
    detail,
    today,
    proof: await readOwnerProof(getDb(), detail.request.id),
    // What the treat costs her, from her kitchen's recipes, for the quote's price.
    treatCost: await readTreatCost(getDb(), detail.request.productType),
  }
}

/**
 * A refused post leaves the page as it was, except one refused because the
 * page was out of date (409): then the page shows the request as it stands.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || actionStatus === 409

export async function action({ request, params }: Route.ActionArgs) {
  const id = requestIdOf(params.id)
  if (id === undefined) {
    return data(
      { ok: false as const, intent: null, error: 'That request is not in the order book.' },
      { status: 404 },
    )
  }
  // "Send a proof" posts its images here, multipart (decision 055).
  if (new URL(request.url).searchParams.has('proof')) {
    const { store, quotaBytes } = mediaSettings()
    const siteUrl = getEnv().SITE_URL
    return respond(
      await receiveProofSend({ request, db: getDb(), store, quotaBytes, requestId: id, siteUrl }),
    )
  }
  return respond(
    await receiveOrderAction({ request, db: getDb(), requestId: id, siteUrl: getEnv().SITE_URL }),
  )
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const proofResult = asProofSendResult(actionData)
  const { treatCost } = loaderData
  return (
    <PriceNote
      value={
        treatCost ? (priceText) => <MarginNote treat={treatCost} priceText={priceText} /> : null
      }
    >
      <OrderDetailPage
        detail={loaderData.detail}
        result={proofResult ? undefined : (actionData as OrderActionResult | undefined)}
        today={loaderData.today}
        proof={
          <ProofCard
            key={`proof-${loaderData.proof.rounds.length}`}
            proof={loaderData.proof}
            canSend={PROOF_STEPS.send_proof.from.includes(loaderData.detail.request.status)}
            result={proofResult}
          />
        }
      />
    </PriceNote>
  )
}
