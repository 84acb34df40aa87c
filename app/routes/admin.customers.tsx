import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { CustomersPage } from '#app/features/customers/customers-page.tsx'
import { listCustomers } from '#app/features/customers/customers.server.ts'
import type { Route } from './+types/admin.customers'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Customers', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const page = Number(params.get('page') ?? '1')
  return {
    book: await listCustomers(getDb(), {
      q: params.get('q') ?? '',
      page: Number.isSafeInteger(page) ? page : 1,
    }),
  }
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  return <CustomersPage book={loaderData.book} />
}
