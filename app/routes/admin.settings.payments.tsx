import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { SettingsPageHeading } from '#app/components/settings-page-heading.tsx'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { receiveChangePolicyAction } from '#app/features/customer-changes/change-policy-settings.server.ts'
import { ChangePolicySettings } from '#app/features/customer-changes/change-policy-settings.tsx'
import { SAVE_CHANGE_POLICY } from '#app/features/customer-changes/change-policy.ts'
import { readChangePolicy } from '#app/features/customer-changes/customer-changes.server.ts'
import {
  readBalanceDueDays,
  receiveBalanceDueAction,
} from '#app/features/payments/payment-schedule-settings.server.ts'
import {
  PaymentScheduleSettings,
  SAVE_BALANCE_DUE,
} from '#app/features/payments/payment-schedule-settings.tsx'
import { SAVE_PROOF_ROUNDS } from '#app/features/proofs/proof-rules.ts'
import { receiveProofRoundsAction } from '#app/features/proofs/proof-settings.server.ts'
import { readProofRoundsIncluded } from '#app/features/proofs/proof-settings.server.ts'
import { ProofRoundsSettings } from '#app/features/proofs/proof-settings.tsx'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { reply, respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings.payments'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Payments, changes and design proofs', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  const db = getDb()
  const [balanceDueDays, changePolicy, proofRounds] = await Promise.all([
    readBalanceDueDays(db),
    readChangePolicy(db),
    readProofRoundsIncluded(db),
  ])
  return { balanceDueDays, changePolicy, proofRounds }
}

/** Each card posts here with its own intent; each feature reads the request itself. */
export async function action({ request }: Route.ActionArgs) {
  const db = getDb()
  const intent = (await readAdminForm(request.clone()))?.intent
  if (intent === SAVE_BALANCE_DUE) return respond(await receiveBalanceDueAction({ request, db }))
  if (intent === SAVE_CHANGE_POLICY) {
    return respond(await receiveChangePolicyAction({ request, db }))
  }
  if (intent === SAVE_PROOF_ROUNDS) return respond(await receiveProofRoundsAction({ request, db }))
  return respond(reply(400, { ok: false, error: NOT_UNDERSTOOD }))
}

export default function PaymentsPage({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>()
  return (
    <section className="page-section">
      <SettingsPageHeading title="Payments, changes and design proofs">
        When a balance is due, what customers may change or cancel and what they get back, and how
        many design proofs a quote includes.
      </SettingsPageHeading>
      <div className="mt-6">
        <PaymentScheduleSettings balanceDueDays={loaderData.balanceDueDays} posted={posted} />
        <ChangePolicySettings policy={loaderData.changePolicy} posted={posted} />
        <ProofRoundsSettings roundsIncluded={loaderData.proofRounds} posted={posted} />
      </div>
    </section>
  )
}
