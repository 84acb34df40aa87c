import { data, redirect } from 'react-router'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { signOut } from '#app/features/auth/session.server.ts'
import { onlyPost } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.logout'

/** Signing out is a POST from the footer's button; there is no page to GET. */
export const loader = onlyPost

export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers()
  for (const cookie of await signOut(getAuth(), request.headers))
    headers.append('Set-Cookie', cookie)
  // Signing out on an admin page leaves it for the home page.
  const from = new URL(request.headers.get('referer') ?? '/', request.url).pathname
  if (from.toLowerCase().startsWith('/admin')) throw redirect('/', { headers })
  return data({ ok: true }, { headers })
}
