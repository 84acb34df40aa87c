import { Fragment, type ReactNode, cloneElement, isValidElement } from 'react'
import { Scripts } from 'react-router'
import { HYDRATION, hydrationLoaderSource } from './hydration-loader.ts'

/**
 * When a page starts React:
 * - `load`: at once, as React Router renders it. A customer's request page is
 *   opened from an email to act on (answer a quote), and is not in the public
 *   pages' first-load budget.
 * - `painted`: the owner's pages. They are opened to act on too, but what she
 *   reads first (Today's list, an order, the calendar) is complete HTML: the
 *   scripts are fetched once the page has loaded and painted, so its largest
 *   content never waits for them (decision 061), or sooner at her first touch.
 * - `intent`: every other page (the public pages, the 404 page) starts it on
 *   the visitor's first intent (decision 027).
 */
export type HydrationStart = 'load' | 'painted' | 'intent'

export function hydrationStart(pathname: string): HydrationStart {
  if (/^\/admin(\/|$)/i.test(pathname)) return 'painted'
  if (/^\/requests(\/|$)/i.test(pathname)) return 'load'
  return 'intent'
}

/**
 * React Router's <Scripts>, with its module script made inert and its
 * modulepreload links left out unless React starts at `load`: the page then
 * loads no JavaScript file until the loader (hydration-loader.ts) starts that
 * script, on an intent or, for `painted`, once the page has loaded and painted.
 *
 * <Scripts> is called as a function so its elements can be rewritten; it runs
 * as part of this component (its hooks included) on the server and in the
 * browser alike, so the rewritten elements hydrate as they were rendered.
 * This leans on how <Scripts> is built (one `type="module"` script, preloads
 * as `<link rel="modulepreload">`); deferred-scripts.test.tsx fails if a new
 * React Router builds it otherwise, and if the shape is not found here the
 * page hydrates at once as before rather than not at all.
 */
export function DeferredScripts({ nonce, start }: { nonce: string; start: HydrationStart }) {
  const scripts = Scripts({ nonce })
  return start === 'load' ? scripts : deferScripts(scripts, start)
}

/** `<Scripts>`' elements, deferred; unchanged unless exactly one module script is found. */
export function deferScripts(
  scripts: ReactNode,
  start: Exclude<HydrationStart, 'load'> = 'intent',
): ReactNode {
  const found = { moduleScripts: 0, start }
  const deferred = rewrite(scripts, found)
  return found.moduleScripts === 1 ? deferred : scripts
}

interface ScriptsElementProps {
  children?: ReactNode
  id?: string
  rel?: string
  type?: string
}

interface Rewriting {
  moduleScripts: number
  start: Exclude<HydrationStart, 'load'>
}

function rewrite(node: ReactNode, found: Rewriting): ReactNode {
  if (Array.isArray(node)) return node.map((child: ReactNode) => rewrite(child, found))
  if (!isValidElement<ScriptsElementProps>(node)) return node
  const { props } = node
  if (node.type === Fragment) {
    const children: ReactNode[] = Array.isArray(props.children) ? props.children : [props.children]
    // Passed one by one, as <Scripts> itself does, so React asks no keys of them.
    return cloneElement(node, undefined, ...children.map((child) => rewrite(child, found)))
  }
  if (node.type === 'link' && props.rel === 'modulepreload') return null
  if (node.type === 'script' && props.type === 'module') {
    found.moduleScripts++
    return cloneElement(node, {
      type: HYDRATION.inertType,
      id: HYDRATION.scriptId,
      // The loader starts it once the page has loaded and painted (hydration-loader.ts).
      ...(found.start === 'painted' ? { [HYDRATION.startAfterPaintAttribute]: '' } : {}),
    })
  }
  return node
}

/**
 * The loader, as an inline script for the document's head. Its text is only
 * rendered by the server; the browser never needs it again.
 */
export function HydrationLoader({ nonce }: { nonce: string }) {
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? hydrationLoaderSource() : '' }}
    />
  )
}
