import { getDb } from '#app/db/db.server.ts'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { receiveSignIn } from '#app/features/auth/sign-in.server.ts'
import type { SignInReply } from '#app/features/auth/sign-in.server.ts'
import { onlyPost, respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import { replyWhenUnreachable } from '#app/utils/unreachable.ts'
import type { Route } from './+types/admin.login'

/** Signing in is a POST from the dialog; there is no page to GET. */
export const loader = onlyPost

export async function action({ request, context }: Route.ActionArgs) {
  return respond(
    await receiveSignIn({
      request,
      clientIp: context.get(clientIpContext),
      auth: getAuth(),
      db: getDb(),
    }),
  )
}

/** A dropped connection shows the form's failure message, not an error page. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  replyWhenUnreachable<SignInReply>(serverAction, '')
