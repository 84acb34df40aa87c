import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
}

// The server's HTML is already the whole page. Letting the browser paint it
// (the gallery's first photo included) before hydrating keeps that work from
// pushing the first paint back on slow phones; the page is interactive one
// frame later (links and GET forms work before that; in a background tab,
// hydration waits until the tab is shown).
requestAnimationFrame(() => setTimeout(hydrate, 0))
