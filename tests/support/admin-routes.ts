import type { RouteConfigEntry } from '@react-router/dev/routes'

/** The layout whose middleware refuses a visitor without a session (app/routes/admin-layout.tsx). */
export const ADMIN_LAYOUT_FILE = 'routes/admin-layout.tsx'

/**
 * The /admin routes that answer without a session, each with the answer a
 * signed-out GET gets and why it must be reachable (the same reasons as in
 * app/routes.ts). A new /admin route outside the layout fails the walk until
 * it is either moved under the layout or named here.
 */
export const OPEN_ADMIN_ROUTES: Record<
  string,
  {
    signedOutGet: number
    why: string
    /** Its Cache-Control when it is not `private, no-store`: the owner's app's own files. */
    cacheControl?: string
  }
> = {
  'admin/calendar.ics': {
    signedOutGet: 404,
    why: 'a phone’s calendar fetches it with its key and no cookie; without the key it is not there',
  },
  'admin/login': { signedOutGet: 405, why: 'signing in is how a signed-out owner gets in' },
  'admin/sign-in': { signedOutGet: 200, why: 'the sign-in page for browsers without JavaScript' },
  'admin/logout': { signedOutGet: 405, why: 'signing out works even once the session has ended' },
  'admin/forgot-password': { signedOutGet: 405, why: 'asks for a reset link, signed out' },
  'admin/reset-password/:token': {
    signedOutGet: 200,
    why: 'the emailed link sets a new password, signed out; the token is its credential',
  },
  'admin/invite/:token': {
    signedOutGet: 200,
    why: 'an invitation’s link makes a new admin, signed out; the token is its credential',
  },
  'admin/setup': {
    signedOutGet: 403,
    why: 'the first-run setup makes the first admin, signed out; the link printed at boot is its credential, and once there is an admin it refuses',
  },
  'admin/photos/:key': {
    signedOutGet: 404,
    why: 'a customer’s photo answers 404 to anyone but the owner, so no answer says it is there',
  },
  'admin/manifest.webmanifest': {
    signedOutGet: 200,
    cacheControl: 'no-cache',
    why: 'the owner’s app’s manifest: browsers fetch it without cookies; it is the same for all',
  },
  'admin/sw.js': {
    signedOutGet: 200,
    cacheControl: 'no-cache',
    why: 'the owner’s app’s service worker: browsers check it for updates alone; it holds nothing private',
  },
}

export interface AdminRoute {
  /** As written in the config, joined with its parents': `admin/orders/:id`. */
  path: string
  file: string
  /** Whether it sits under the admin layout, whose middleware refuses a signed-out visitor. */
  guarded: boolean
}

/** Every route of a route config whose URL starts with /admin, with whether the admin layout guards it. */
export function listAdminRoutes(
  config: RouteConfigEntry[],
  parent: { path: string; guarded: boolean } = { path: '', guarded: false },
): AdminRoute[] {
  return config.flatMap((entry) => {
    const path = [parent.path, entry.path ?? ''].filter(Boolean).join('/')
    const guarded = parent.guarded || entry.file === ADMIN_LAYOUT_FILE
    const own = /^admin(\/|\.|$)/i.test(path) && entry.file !== ADMIN_LAYOUT_FILE
    return [
      ...(own ? [{ path, file: entry.file, guarded }] : []),
      ...listAdminRoutes(entry.children ?? [], { path, guarded }),
    ]
  })
}

/** The /admin routes that are neither under the admin layout nor named open: each one is a hole. */
export function unguardedAdminRoutes(
  config: RouteConfigEntry[],
  open: Record<string, unknown> = OPEN_ADMIN_ROUTES,
): string[] {
  return listAdminRoutes(config)
    .filter((route) => !route.guarded && !(route.path in open))
    .map((route) => route.path)
}

/**
 * A route's path as a URL, its params filled from `samples`. A param with no
 * sample throws, so a route with a new kind of param is not skipped silently.
 */
export function samplePath(path: string, samples: Record<string, string>): string {
  const filled = path
    .split('/')
    .flatMap((segment) => {
      if (segment === '*') return ['sample']
      const param = /^:([\w-]+)(\?)?(.*)$/.exec(segment)
      if (!param) return [segment]
      const [, name, optional, rest] = param
      const value = samples[name!]
      if (value !== undefined) return [`${value}${rest}`]
      if (optional) return []
      throw new Error(`No sample value for :${name} in ${path}: add one to the walk`)
    })
    .join('/')
  return `/${filled}`
}
