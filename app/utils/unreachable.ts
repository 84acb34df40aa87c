/**
 * For a route's clientAction: runs the server action, and turns a dropped
 * connection or a server error into the form's own failure reply, so the
 * visitor sees a message instead of an error page.
 */
export async function replyWhenUnreachable<Reply>(
  serverAction: () => Promise<Reply>,
  error = 'We could not reach the bakery. Check your connection and try again.',
): Promise<Reply | { ok: false; error: string }> {
  try {
    return await serverAction()
  } catch {
    return { ok: false, error }
  }
}
