import { useEffect } from 'react'

/**
 * Registers the owner's app's service worker, from owner pages only (the
 * admin layout renders this): public pages never load or register it.
 * Without service worker support nothing happens and the pages work as ever.
 */
export function OwnerAppRegistration() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    navigator.serviceWorker.register('/admin/sw.js', { scope: '/admin' }).catch(() => {
      // Offline copies and alerts stay off; the pages themselves are unaffected.
    })
  }, [])
  return null
}

/** The admin layout's links: the manifest that makes the owner's pages installable, and the home screen icon. */
export const OWNER_APP_LINKS = [
  { rel: 'manifest', href: '/admin/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/images/owner-app/icon-192.png' },
]
