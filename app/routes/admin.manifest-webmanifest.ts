import { manifestResponse } from '#app/features/owner-alerts/owner-app.server.ts'

/** The owner's app's manifest: open, as browsers fetch it without cookies. */
export function loader() {
  return manifestResponse()
}
