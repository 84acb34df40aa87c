import { data } from 'react-router'
import { NotFoundPage } from '#app/components/not-found-page.tsx'
import { pageMeta } from '#app/components/page-meta.ts'
import type { Route } from './+types/not-found'

export function loader() {
  return data(null, { status: 404 })
}

/** A post (or PUT, DELETE...) to an unknown path is the same plain 404. */
export const action = loader

export const meta: Route.MetaFunction = ({ matches, location }) => [
  ...pageMeta({ page: 'notFound', path: location.pathname, matches }),
  { name: 'robots', content: 'noindex' },
]

export default function NotFound() {
  return <NotFoundPage />
}
