import { Outlet, isRouteErrorResponse } from 'react-router'
import { OwnerErrorPage } from '#app/features/auth/owner-error-page.tsx'
import { guardOwnerPages } from '#app/features/auth/require-admin.server.ts'
import {
  OWNER_APP_LINKS,
  OwnerAppRegistration,
} from '#app/features/owner-alerts/owner-app-registration.tsx'
import type { Route } from './+types/admin-layout'

/**
 * Every owner page sits under this layout (app/routes.ts), so its guard runs
 * before any of their loaders or actions: a visitor without a session is
 * refused with a 401 whatever the route, and a new route needs nothing to be
 * guarded. See docs/decisions/039-guards-by-shape.md.
 */
export const middleware: Route.MiddlewareFunction[] = [guardOwnerPages]

/**
 * A loader, so a client-side move between owner pages always asks the server
 * and so runs the guard, even to a page that has no loader of its own.
 */
export function loader() {
  return null
}

/** The owner's pages install as an app (docs/decisions/053); public pages never link it. */
export const links: Route.LinksFunction = () => OWNER_APP_LINKS

export default function AdminLayout() {
  return (
    <>
      <OwnerAppRegistration />
      <Outlet />
    </>
  )
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  // A 4xx is the owner's link or form, not our failure: only real failures are logged.
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error)
  return <OwnerErrorPage error={error} orderId={params.id} />
}
