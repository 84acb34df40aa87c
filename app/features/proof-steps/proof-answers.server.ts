import type { Transaction } from 'kysely'
import type { z } from 'zod/mini'
import { type Db, serializeTransactions } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { recordEvent } from '#app/features/order-book/request-moves.server.ts'
import { isIn } from '#app/features/order-status/order-status.ts'
import { PROOF_STEPS } from '#app/features/order-status/owner-intents.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { proofAnswerAlert } from '#app/features/owner-alerts/alert-words.ts'
import { type ProofAnswerResult, changeAllowed } from '#app/features/proofs/proof-rules.ts'
import { proofAnswerSchema } from '#app/features/proofs/proof-schemas.ts'
import { readProofRoundsIncluded } from '#app/features/proofs/proof-settings.server.ts'
import { answerRoundIn } from '#app/features/proofs/proof-store.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { composeProofAnswer } from './proof-emails.ts'
import { partyNamed, proofLock } from './proof-steps.server.ts'

const ownTables = tablesFor('proof-steps')

/** The most a proof answer's post may be: the change and a few fields. */
const MAX_ANSWER_BYTES = 4 * 1024

type ProofAnswer = z.infer<typeof proofAnswerSchema>

const answerFailed = (status: number, error: string, position?: number) =>
  reply<ProofAnswerResult>(status, {
    ok: false,
    proof: true,
    error,
    ...(position === undefined ? {} : { position }),
  })

/**
 * The customer's answer to a proof, from her page (url-encoded, with or
 * without JavaScript): approve it, or ask for a change while the rounds
 * included allow. One answer per round: the second of two tabs hears that
 * it was already given. The owner is emailed once, with the step on the timeline.
 */
export async function receiveProofAnswer({
  request,
  token,
  clientIp,
  db,
  siteUrl,
  now = Date.now(),
}: {
  request: Request
  token: string
  clientIp: string
  db: Db
  siteUrl?: string
  now?: number
}): Promise<Reply<ProofAnswerResult>> {
  const read = await readAnswer({ request, clientIp, db, now })
  if ('refused' in read) return read.refused
  const { answer } = read
  const named = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'status', 'name', 'email', 'product_type', 'due_date'])
    .where('customer_token', '=', token)
    .where('position', '=', Number(answer.position))
    .executeTakeFirst()
  if (!named) return answerFailed(404, 'That order is not on this page.')
  const step = answer.answer === 'approve' ? PROOF_STEPS.approve_proof : PROOF_STEPS.change_proof
  const at = Number(answer.position)
  if (!isIn(step.from, named.status)) {
    return answerFailed(
      409,
      'This order has moved on; please contact the bakery about the design.',
      at,
    )
  }
  const number = Number(answer.round)
  const included = await readProofRoundsIncluded(db)
  if (answer.answer === 'change' && !changeAllowed({ number }, included)) {
    return answerFailed(
      409,
      'The rounds of changes included are used up. Please contact the bakery to talk it over.',
      at,
    )
  }
  const outcome = await db.transaction().execute(async (trx) => {
    await serializeTransactions(trx, proofLock(named.id))
    const claimed = await answerRoundIn(trx, {
      requestId: named.id,
      number,
      answer:
        answer.answer === 'approve'
          ? { answer: 'approved' }
          : { answer: 'change', note: answer.change },
      now,
    })
    if (!claimed.ok) return claimed
    await recordEvent(trx, {
      requestId: named.id,
      from: named.status,
      to: named.status,
      actor: 'customer',
      note:
        answer.answer === 'approve'
          ? `Approved proof ${number}.`
          : `Asked for a change to proof ${number}: ${answer.change}`,
      now,
    })
    await tellOwnerOfProofAnswer(trx, {
      named,
      answer,
      number,
      roundId: claimed.roundId,
      siteUrl,
      now,
    })
    return claimed
  })
  if (!outcome.ok) return answerFailed(409, outcome.error, at)
  kickDeliveryWorker()
  return reply<ProofAnswerResult>(200, { ok: true, proof: true, position: at, message: step.done })
}

/** The answer posted, checked, or the reply that refuses it. */
async function readAnswer(input: {
  request: Request
  clientIp: string
  db: Db
  now: number
}): Promise<{ answer: ProofAnswer } | { refused: Reply<ProofAnswerResult> }> {
  const post = await readPublicPost({
    ...input,
    form: 'proof-answer',
    maxBytes: MAX_ANSWER_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) {
    return { refused: answerFailed(post.refused.status, post.refused.body.error) }
  }
  const form = Object.fromEntries(new URLSearchParams(post.text))
  const parsed = proofAnswerSchema.safeParse(form)
  const position = /^\d{1,3}$/.test(form.position ?? '') ? Number(form.position) : undefined
  if (!parsed.success) {
    const changeIssue = parsed.error.issues.find((issue) => issue.path[0] === 'change')
    return {
      refused: answerFailed(
        400,
        changeIssue?.message ?? 'Please choose “Approve this design” or “Ask for a change”.',
        position,
      ),
    }
  }
  return { answer: parsed.data }
}

/** The owner's email and the alert to her phone about the answer, in its transaction. */
async function tellOwnerOfProofAnswer(
  trx: Transaction<Database>,
  heard: {
    named: { id: number; name: string; email: string; product_type: string; due_date: string }
    answer: ProofAnswer
    number: number
    roundId: number
    siteUrl?: string
    now: number
  },
): Promise<void> {
  const { named, answer, number, roundId, siteUrl, now } = heard
  await enqueueEmail(
    trx,
    {
      topic: 'request_update',
      subjectId: named.id,
      dedupeKey: `proof-answer:${roundId}`,
      email: composeProofAnswer(
        {
          name: named.name,
          email: named.email,
          productType: named.product_type,
          dueDate: named.due_date,
          party: await partyNamed(trx, named.id),
        },
        {
          round: number,
          answer: answer.answer === 'approve' ? 'approved' : 'change',
          ...(answer.answer === 'change' ? { change: answer.change } : {}),
          ...(siteUrl ? { requestUrl: `${siteUrl}/admin/orders/${named.id}` } : {}),
          bakeryName: (await readSiteSection(trx, 'identity')).name,
        },
      ),
    },
    now,
  )
  await queueOwnerAlert(
    trx,
    proofAnswerAlert(
      {
        id: named.id,
        name: named.name,
        productType: named.product_type,
        dueDate: named.due_date,
      },
      {
        roundId,
        round: number,
        approved: answer.answer === 'approve',
        ...(answer.answer === 'change' ? { change: answer.change } : {}),
      },
    ),
    now,
  )
}
