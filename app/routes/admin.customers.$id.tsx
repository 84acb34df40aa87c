import { data, useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import {
  LINK_INTENTS,
  type LinkAnswer,
  receiveCustomerLink,
} from '#app/features/customers/customer-links.server.ts'
import { readCustomerMessages } from '#app/features/customers/customer-messages.server.ts'
import {
  type NoteAnswer,
  readNote,
  receiveCustomerNote,
} from '#app/features/customers/customer-notes.server.ts'
import { CustomerRecordPage } from '#app/features/customers/customers-page.tsx'
import { readCustomer } from '#app/features/customers/customers.server.ts'
import { consentLines } from '#app/features/texts/text-consent.server.ts'
import { readAdminForm } from '#app/utils/admin-form.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.customers.$id'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Customer', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

/**
 * One of her requests' ids as the book's links write it, or `m` and a
 * message's id for someone who has only written (below 0, as the book
 * keeps it); anything else is no customer.
 */
function requestIdOf(param: string): number | undefined {
  const [, message, id] = /^(m?)(\d{1,9})$/.exec(param) ?? []
  return id === undefined ? undefined : message ? -Number(id) : Number(id)
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = requestIdOf(params.id)
  const customer = id === undefined ? undefined : await readCustomer(getDb(), id)
  // The owner layout's error page says so, with the way back.
  if (!customer) throw data('No customer has that order.', { status: 404 })
  return {
    customer,
    note: await readNote(getDb(), customer.emails),
    messages: await readCustomerMessages(getDb(), customer.emails),
    // Her consent to texts, given and withdrawn, beside each phone (decision 111).
    textConsents: await consentLines(getDb(), customer.phones),
  }
}

/** Her notes on the customer. */
export async function action({ request, params }: Route.ActionArgs) {
  const id = requestIdOf(params.id)
  if (id === undefined) {
    return data(
      {
        ok: false as const,
        error: 'No customer has that order.',
        errors: {},
        values: { note: '' },
      },
      { status: 404 },
    )
  }
  // Joining customers or keeping them apart (decision 112); anything else is her note.
  const form = await readAdminForm(request.clone())
  if (form && (LINK_INTENTS as readonly string[]).includes(form.intent ?? '')) {
    return respond(await receiveCustomerLink({ db: getDb(), form, requestId: id }))
  }
  return respond(await receiveCustomerNote({ db: getDb(), request, requestId: id }))
}

export default function Customer({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<NoteAnswer | LinkAnswer>()
  return <CustomerRecordPage {...loaderData} answer={answer} />
}
