import { Fragment, type ReactNode, cloneElement, isValidElement } from 'react'
import { Scripts } from 'react-router'
import { HYDRATION, hydrationLoaderSource } from './hydration-loader.ts'

/**
 * Pages that start React at load: the owner's pages and a customer's request
 * page are used as soon as they open, by people who came to act on them, and
 * are not in the public pages' first-load budget. Every other page (the five
 * public pages, the 404 page) starts it on the visitor's first intent.
 */
export function hydratesAtOnce(pathname: string): boolean {
  return /^\/(admin|requests)(\/|$)/i.test(pathname)
}

/**
 * React Router's <Scripts>, with its module script made inert and its
 * modulepreload links left out when `deferred`: the page then loads no
 * JavaScript file until the loader (hydration-loader.ts) starts that script.
 *
 * <Scripts> is called as a function so its elements can be rewritten; it runs
 * as part of this component (its hooks included) on the server and in the
 * browser alike, so the rewritten elements hydrate as they were rendered.
 * This leans on how <Scripts> is built (one `type="module"` script, preloads
 * as `<link rel="modulepreload">`); deferred-scripts.test.tsx fails if a new
 * React Router builds it otherwise, and if the shape is not found here the
 * page hydrates at once as before rather than not at all.
 */
export function DeferredScripts({ nonce, deferred }: { nonce: string; deferred: boolean }) {
  const scripts = Scripts({ nonce })
  return deferred ? deferScripts(scripts) : scripts
}

/** `<Scripts>`' elements, deferred; unchanged unless exactly one module script is found. */
export function deferScripts(scripts: ReactNode): ReactNode {
  const found = { moduleScripts: 0 }
  const deferred = rewrite(scripts, found)
  return found.moduleScripts === 1 ? deferred : scripts
}

interface ScriptsElementProps {
  children?: ReactNode
  id?: string
  rel?: string
  type?: string
}

function rewrite(node: ReactNode, found: { moduleScripts: number }): ReactNode {
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
    return cloneElement(node, { type: HYDRATION.inertType, id: HYDRATION.scriptId })
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
