import { data } from 'react-router'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { receiveSignIn } from '#app/features/auth/sign-in.server.ts'
import type { SignInReply } from '#app/features/auth/sign-in.server.ts'
import { replyWhenUnreachable } from '#app/utils/unreachable.ts'
import type { Route } from './+types/admin.login'

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await receiveSignIn({ request, clientIp: context.clientIp, auth: getAuth() })
  return data(outcome.body, { status: outcome.status, headers: outcome.headers })
}

/** A dropped connection shows the form's failure message, not an error page. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  replyWhenUnreachable<SignInReply>(serverAction, '')
