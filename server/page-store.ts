import type { StoredPage } from './stored-page.ts'

/**
 * The stored pages by key, within a count and a byte budget: storing one
 * past either evicts the least recently served first.
 */
export function createPageStore(maxEntries: number, maxBytes: number) {
  // A Map keeps insertion order: the first key is the least recently served.
  const entries = new Map<string, StoredPage>()
  let bytes = 0

  function remove(key: string): void {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  function store(key: string, entry: StoredPage): void {
    remove(key)
    entries.set(key, entry)
    bytes += entry.bytes
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break
      remove(oldest)
    }
  }

  return {
    get: (key: string) => entries.get(key),
    /** Moves a page to the end of the order, as the one served last. */
    touch(key: string, entry: StoredPage): void {
      entries.delete(key)
      entries.set(key, entry)
    },
    remove,
    store,
    size: () => ({ entries: entries.size, bytes }),
    clear: () => {
      entries.clear()
      bytes = 0
    },
  }
}
