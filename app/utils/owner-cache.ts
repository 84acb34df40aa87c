/**
 * Forgets what the owner's app keeps on this device (the saved Today page,
 * docs/decisions/053-owner-alerts-by-push.md) when she signs out. Cache
 * Storage is the site's, so any page can clear it, including a public one
 * where the service worker does not see the sign-out.
 */
export async function forgetOwnerCache(): Promise<void> {
  if (typeof caches === 'undefined') return
  for (const name of await caches.keys()) {
    if (name.startsWith('owner-')) await caches.delete(name)
  }
}
