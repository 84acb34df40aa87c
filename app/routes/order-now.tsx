import { pageMeta } from '#app/components/page-meta.ts'
import { site } from '#app/content/site.ts'
import type { Route } from './+types/order-now'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: site.pages.orderNow, path: '/ordernow', matches })

export default function OrderNow() {
  return (
    <section className="page-section max-w-3xl">
      <p className="eyebrow">Custom orders</p>
      <h1 className="page-heading mt-2">Place a Custom Order</h1>
      <p className="lede mt-4">
        Every order is designed around your celebration. Email{' '}
        <a href={`mailto:${site.email}`} className="text-link">
          {site.email}
        </a>{' '}
        with your date, the treats you would like and your theme, and {site.ownerName.split(' ')[0]}{' '}
        will reply with ideas and a quote.
      </p>
    </section>
  )
}
