import { data } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { CustomerRecordPage } from '#app/features/customers/customers-page.tsx'
import { readCustomer } from '#app/features/customers/customers.server.ts'
import type { Route } from './+types/admin.customers.$id'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Customer', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null
  const customer = id === null ? undefined : await readCustomer(getDb(), id)
  if (!customer) throw data('No customer has that order.', { status: 404 })
  return { customer }
}

export default function Customer({ loaderData }: Route.ComponentProps) {
  return <CustomerRecordPage customer={loaderData.customer} />
}
