import { serviceWorkerResponse } from '#app/features/owner-alerts/owner-app.server.ts'

/** The owner's app's service worker: open, as a browser checks it for updates on its own. */
export function loader() {
  return serviceWorkerResponse()
}
