/**
 * The few hundred bytes a public page runs at load instead of React (see
 * docs/decisions/027-html-first-hydration.md). The page's module script
 * arrives inert; on the visitor's first sign of intent this starts it, and
 * until React has taken over it holds on to what the page's own HTML cannot
 * do alone: clicks on controls only JavaScript gives meaning to, and submits
 * of forms that mean something else with JavaScript. Both are replayed once
 * React runs, on the same elements (hydration keeps the server's nodes).
 * If the scripts fail to load, or have not hydrated the page in time, the
 * page becomes its no-JavaScript self instead and the last held action is
 * done the way it is without JavaScript (decision 035).
 */

/** What the server renders and the loader looks for; shared with root.tsx and the tests. */
export const HYDRATION = {
  /** id of the inert module script (React Router's own, with its type changed). */
  scriptId: 'deferred-module-script',
  /** Its type: not a script type, so the browser keeps it as data and neither fetches nor runs it. */
  inertType: 'text/x-deferred-module',
  /**
   * On the inert script of a page that starts React without waiting for an
   * intent (the owner's pages): started once the page has loaded and painted,
   * so its first paint never waits for the scripts (decision 061).
   */
  startAfterPaintAttribute: 'data-start-after-paint',
  /**
   * The longest such a page waits, once loaded, for the browser's record of
   * its first contentful paint (none comes for a page without text); then
   * its scripts start anyway.
   */
  paintWaitMs: 3_000,
  /** Dispatched on document by the app once hydrated (and `data-hydrated` set on <html>). */
  hydratedEvent: 'app:hydrated',
  /** Dispatched on document once the module script's imports have all arrived and run. */
  arrivedEvent: 'app:scripts-arrived',
  /** Clicks on these before hydration wait for React: controls that do nothing without it. */
  replayClick: 'button[type="button"],[data-replay-click]',
  /** Submits of these forms (by their submit buttons or otherwise) wait for React instead of posting: JavaScript gives them another meaning. */
  replaySubmit: 'form[data-replay-submit]',
  /** An element naming a localStorage key: when that key holds something, React starts at once. */
  storedStateAttribute: 'data-hydrate-if-stored',
  /**
   * Set on <html> when the scripts failed to load, or had not all arrived
   * `fallbackAfterMs` after the first action held for them: the page shows and
   * does what it does without JavaScript (app.css: `.without-script`, `.with-script`).
   */
  withoutScriptsAttribute: 'data-without-scripts',
  /** Long enough for a slow phone on a poor connection, short enough that a visitor is still waiting. */
  fallbackAfterMs: 10_000,
  /**
   * On a JavaScript-only control: the id of the element that does its job
   * without JavaScript (a link), clicked instead when the page falls back.
   */
  fallbackAttribute: 'data-without-script',
  /** Set on a held control until it is replayed: app.css shows it working. */
  busyAttribute: 'aria-busy',
  /**
   * Set on <html> by the app once React has hydrated the frame around the
   * page (root.tsx): from then on React runs an action itself.
   */
  frameHydratedAttribute: 'data-frame-hydrated',
} as const

export type HydrationConfig = typeof HYDRATION

/**
 * Any of these means a person is about to use the page. Scrolling by wheel
 * alone is left out: reading a long page needs no JavaScript, and a phone's
 * scroll starts with touchstart anyway.
 */
export const INTENT_EVENTS = [
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'mouseover',
  'pointermove',
  // Filled in without any of those (autofill, a script, an assistive tool).
  'input',
  'change',
] as const

/**
 * Runs in the page as an inline script, serialised with Function#toString:
 * it must use nothing from outside its own body but its arguments.
 */
export function installHydrationLoader(
  config: HydrationConfig,
  intents: readonly string[],
  win: Window = window,
): void {
  const doc = win.document
  let wanted = false
  let started = false
  let hydrated = false
  let failed = false
  let arrived = false
  let timing = 0
  const capture = { capture: true, passive: true }

  function start() {
    wanted = true
    if (started || hydrated) return
    const inert = doc.getElementById(config.scriptId) as HTMLScriptElement | null
    // Intent while the page is still arriving: started once it has.
    if (!inert) return
    started = true
    for (const type of intents) win.removeEventListener(type, start, capture)
    const script = doc.createElement('script')
    script.type = 'module'
    script.nonce = inert.nonce
    // Its last statement runs once every module it imports has arrived: from
    // then on React is starting, however slowly a busy phone runs it.
    script.textContent = `${inert.textContent}\n;document.dispatchEvent(new Event(${JSON.stringify(config.arrivedEvent)}))`
    // A module it imports could not be fetched (a deploy removed old chunks,
    // the connection dropped); a request that hangs runs out the clock of the
    // first held action (see hold).
    script.addEventListener('error', fallBack)
    doc.head.append(script)
  }

  /**
   * The page goes on without React: the no-JavaScript variants show, nothing
   * more is held, and the visitor's last held action is done natively (a held
   * submit posts, a JavaScript-only control clicks its no-JavaScript stand-in).
   * Earlier held actions are dropped: only one of them could navigate.
   */
  function fallBack() {
    if (hydrated || failed) return
    failed = true
    doc.documentElement.setAttribute(config.withoutScriptsAttribute, '')
    const held = replays.splice(0)
    for (const { node } of held) node.removeAttribute(config.busyAttribute)
    held.at(-1)?.native()
  }

  // React marks each node it has taken over with its props; until then (the
  // whole page before hydration, a Suspense boundary still waiting for its
  // data after it) an action on the node would be the browser's alone.
  const owned = (node: Element) =>
    hydrated && Object.keys(node).some((key) => key.startsWith('__reactProps$'))
  // Once React has hydrated the frame around the page, an action is React's:
  // one landing on the page inside <main>, hydrated after the frame
  // (decision 064), makes React hydrate that part at once and then run it.
  // Held as well, it would run twice: a menu toggle opens and shuts again.
  // A submit with no click, which React does not hydrate for, posts as it
  // does without JavaScript.
  const reactRuns = () => doc.documentElement.hasAttribute(config.frameHydratedAttribute)

  // Replayed in order, each once React has owned its node for one whole check
  // (so its render has been committed, effects and all); given up after 20 s.
  const replays: { node: Element; replay: () => void; native: () => void }[] = []
  let checks = 0
  let ownedBefore: Element | null = null
  function replayOwned() {
    while (replays.length > 0 && owned(replays[0]!.node)) {
      if (ownedBefore !== replays[0]!.node) {
        ownedBefore = replays[0]!.node
        break
      }
      const { node, replay } = replays.shift()!
      node.removeAttribute(config.busyAttribute)
      replay()
    }
    if (replays.length === 0 || ++checks > 400) {
      for (const { node } of replays.splice(0)) node.removeAttribute(config.busyAttribute)
    } else win.setTimeout(replayOwned, 50)
  }

  // The control shows it is working while it waits (a form's submit button,
  // or the form itself when it was sent without one).
  function hold(event: Event, node: Element, replay: () => void, native = replay) {
    event.preventDefault()
    // Until replayed the action is the loader's alone. React listens on the
    // document from hydrateRoot on, before it has hydrated the frame: hearing
    // the action then, it would start it and could not finish it (a form's
    // submit would stop at the no-JavaScript form's checks, with no word).
    event.stopPropagation()
    node.setAttribute(config.busyAttribute, 'true')
    replays.push({ node, replay, native })
    start()
    // Until something is held, nothing is lost by waiting for the scripts;
    // from then on the visitor is waiting.
    // Browser tests on a busy machine lengthen the wait (tests/e2e/fixtures.ts).
    const wait = (win as { hydrationFallbackAfterMs?: number }).hydrationFallbackAfterMs
    if (!timing && !arrived) timing = win.setTimeout(fallBack, wait ?? config.fallbackAfterMs)
    if (replays.length === 1) {
      checks = 0
      win.setTimeout(replayOwned, 50)
    }
  }

  for (const type of intents) win.addEventListener(type, start, capture)

  win.addEventListener(
    'click',
    (event: MouseEvent) => {
      if (failed || reactRuns() || !(event.target instanceof Element)) return
      // A form that means something else with JavaScript is held at its
      // submit button, before the browser's own checks: those are the
      // no-JavaScript form's (its hidden policy tick included), not the page's.
      const submitter = event.target.closest('button,input') as HTMLButtonElement | null
      const form = submitter?.type === 'submit' ? submitter.form : null
      if (submitter && !submitter.disabled && form?.matches(config.replaySubmit)) {
        if (owned(submitter)) return
        return hold(event, submitter, () =>
          form.requestSubmit(submitter.isConnected ? submitter : null),
        )
      }
      const control = event.target.closest(config.replayClick) as HTMLButtonElement | null
      // A middle or modified click on a link keeps the browser's meaning (a new tab).
      if (!control || control.disabled || owned(control)) return
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
      const standIn = control.getAttribute(config.fallbackAttribute)
      hold(
        event,
        control,
        () => control.click(),
        () => (standIn ? doc.getElementById(standIn) : control)?.click(),
      )
    },
    true,
  )

  // A submit without a click (a script, or a form with no submit button).
  win.addEventListener(
    'submit',
    (event: SubmitEvent) => {
      const form = event.target
      if (failed || reactRuns() || !(form instanceof HTMLFormElement)) return
      if (!form.matches(config.replaySubmit) || owned(form)) return
      const submitter = event.submitter
      hold(event, form, () => form.requestSubmit(submitter?.isConnected ? submitter : null))
    },
    true,
  )

  // Loaded (stylesheet, fonts, images in) and its text painted: the load
  // event can come first, and a frame is not a paint (decision 064).
  win.addEventListener('load', () => {
    if (!doc.getElementById(config.scriptId)?.hasAttribute(config.startAfterPaintAttribute)) return
    const go = () => win.requestAnimationFrame(() => win.setTimeout(start, 0))
    const fcp = 'first-contentful-paint'
    const Observer = (win as Window & typeof globalThis).PerformanceObserver
    if (
      !Observer?.supportedEntryTypes?.includes('paint') ||
      win.performance.getEntriesByName(fcp)[0]
    )
      return go()
    new Observer((list, observer) => {
      if (!list.getEntriesByName(fcp)[0]) return
      observer.disconnect()
      go()
    }).observe({ type: 'paint' })
    win.setTimeout(go, config.paintWaitMs)
  })

  doc.addEventListener('DOMContentLoaded', () => {
    if (wanted) return start()
    const holder = doc.querySelector(`[${config.storedStateAttribute}]`)
    const key = holder?.getAttribute(config.storedStateAttribute)
    try {
      if (key && win.localStorage.getItem(key)) start()
    } catch {
      // Storage blocked: nothing stored to show, so nothing to start for.
    }
  })

  // A page restored from the back-forward cache, or a tab shown again, with
  // an intent not yet acted on.
  const resume = () => {
    if (wanted && doc.visibilityState === 'visible') start()
  }
  win.addEventListener('pageshow', resume)
  doc.addEventListener('visibilitychange', resume)

  doc.addEventListener(config.arrivedEvent, () => {
    arrived = true
    win.clearTimeout(timing)
  })

  // Scripts that arrive after all (after the fallback) take the page over again.
  doc.addEventListener(config.hydratedEvent, () => {
    hydrated = true
    doc.documentElement.removeAttribute(config.withoutScriptsAttribute)
    for (const type of intents) win.removeEventListener(type, start, capture)
  })
}

/** The inline script's text. */
export function hydrationLoaderSource(): string {
  return `(${installHydrationLoader.toString()})(${JSON.stringify(HYDRATION)},${JSON.stringify(INTENT_EVENTS)})`
}
