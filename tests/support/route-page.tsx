/**
 * One route answering one request as the server draws it: its action for a
 * POST, its loader, then its HTML (what a browser without JavaScript gets
 * back), with the signed-in admin the server's session check would set.
 */
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import {
  RouterContextProvider,
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  useActionData,
  useLoaderData,
} from 'react-router'
import { adminContext } from '#app/features/auth/require-admin.server.ts'
import type { Admin } from '#app/features/auth/session.server.ts'

interface RouteModule {
  loader?: (args: never) => unknown
  action?: (args: never) => unknown
  // Each page takes its own props; only loaderData and actionData are given here.
  default: ComponentType<never>
}

export async function drawRoute(
  module: RouteModule,
  path: string,
  request: Request,
  admin: Admin = { id: 'owner', email: 'owner@bakery.test' },
): Promise<{ status: number; html: string }> {
  const Page = module.default as ComponentType<{ loaderData: unknown; actionData: unknown }>
  const handler = createStaticHandler([
    {
      id: 'page',
      path,
      loader: module.loader as never,
      action: module.action as never,
      Component: () => <Page loaderData={useLoaderData()} actionData={useActionData()} />,
    },
  ])
  const context = new RouterContextProvider()
  context.set(adminContext, admin)
  const state = await handler.query(request, { requestContext: context })
  if (state instanceof Response) throw new Error(`The route answered ${state.status} alone`)
  const router = createStaticRouter(handler.dataRoutes, state)
  const html = renderToString(
    <StaticRouterProvider router={router} context={state} hydrate={false} />,
  )
  return { status: state.statusCode, html }
}

/** A form post to `url`, as a browser sends it. */
export function formPost(url: string, fields: Record<string, string>): Request {
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(url).origin,
    },
    body: new URLSearchParams(fields),
  })
}

const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source'])

/**
 * The element with this id in a page's HTML: its text, its role, and the ids
 * of the elements it sits in, nearest first. Null when there is none.
 */
export function elementById(
  html: string,
  id: string,
): { text: string; role: string | null; within: string[] } | null {
  const stack: { name: string; id: string | null }[] = []
  let found: { depth: number; role: string | null; within: string[] } | null = null
  let text = ''
  let last = 0
  for (const tag of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>/g)) {
    if (found) text += html.slice(last, tag.index)
    last = tag.index + tag[0].length
    const [, closing, name, attributes = ''] = tag
    if (closing) {
      stack.pop()
      if (found && stack.length === found.depth) break
      continue
    }
    const own = / id="([^"]*)"/.exec(attributes)?.[1] ?? null
    if (!found && own === id) {
      found = {
        depth: stack.length,
        role: / role="([^"]*)"/.exec(attributes)?.[1] ?? null,
        within: stack.flatMap((open) => (open.id ? [open.id] : [])).reverse(),
      }
    }
    if (!VOID.has(name!.toLowerCase()) && !attributes.endsWith('/'))
      stack.push({ name: name!, id: own })
  }
  if (!found) return null
  const plain = text
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
  return { text: plain.trim(), role: found.role, within: found.within }
}

/** Every form's action in a page's HTML. */
export function formActions(html: string): string[] {
  return [...html.matchAll(/<form[^>]* action="([^"]*)"/g)].map((match) => match[1]!)
}
