import { useSyncExternalStore } from 'react'
import { type QueuedPhoto, isQueuedPhoto } from '#app/features/inspiration/queued-photo.ts'
import { HEAR_ABOUT_US_OPTIONS, OPTIONAL_ORDER_FIELDS, ORDER_FIELDS } from './order-options.ts'
import type { OrderRequest } from './order-schema.ts'
import { type PartyContact, withContact } from './party-contact.ts'

export type { QueuedPhoto } from '#app/features/inspiration/queued-photo.ts'

/**
 * An order as the cart keeps it: the request, with its photos as the cart
 * shows them (the send hands the server only their keys).
 */
export type CartOrder = Omit<OrderRequest, 'photos'> & { photos?: QueuedPhoto[] }

/**
 * The visitor's queued orders, kept in localStorage so a reload or a closed
 * tab loses nothing until they are sent. Other tabs see changes through the
 * storage event.
 */
export const CART_STORAGE_KEY = 'butter-and-bloom:cart:v1'
const EMPTY: CartOrder[] = []
const listeners = new Set<() => void>()
let cached: { raw: string | null; orders: CartOrder[] } = { raw: null, orders: EMPTY }
let storageWorks = true

function read(): CartOrder[] {
  if (!storageWorks) return cached.orders
  let raw: string | null = null
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY)
  } catch {
    // Storage can be disabled (private modes, strict settings): an empty cart.
  }
  if (raw !== cached.raw) cached = { raw, orders: parseStoredCart(raw) }
  return cached.orders
}

/**
 * What a stored cart holds, checked entry by entry: storage outlives our code
 * and can be edited by hand, so anything that is not an order is dropped. The
 * schema checks each order fully when it is sent; this stays small because
 * it runs on every page load. The product is not checked against the menu
 * here (the server does that when it is sent).
 */
export function parseStoredCart(raw: string | null): CartOrder[] {
  if (!raw) return EMPTY
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return EMPTY
  }
  return Array.isArray(value) ? value.filter(isStoredOrder).map(withReadablePhotos) : EMPTY
}

const OPTIONAL_FIELDS: readonly string[] = OPTIONAL_ORDER_FIELDS
const REQUIRED_FIELDS = ORDER_FIELDS.filter((field) => !OPTIONAL_FIELDS.includes(field))

function isStoredOrder(value: unknown): value is CartOrder {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const entry = value as Record<string, unknown>
  return (
    REQUIRED_FIELDS.every((field) => typeof entry[field] === 'string') &&
    OPTIONAL_FIELDS.every(
      (field) => entry[field] === undefined || typeof entry[field] === 'string',
    ) &&
    (HEAR_ABOUT_US_OPTIONS as readonly unknown[]).includes(entry.hear_about_us) &&
    // Any name is kept: the owner may rename or retire a product after it was
    // queued, and the send then says which order to change rather than the
    // order silently vanishing from the cart.
    (entry.product_type as string).trim() !== ''
  )
}

/**
 * Photos are extras: a photo entry that is not a key and a preview is
 * dropped, never the order it belongs to (carts stored before photos simply
 * have none).
 */
function withReadablePhotos(order: CartOrder): CartOrder {
  const { photos, ...rest } = order
  if (!Array.isArray(photos)) return rest
  const readable = photos.filter(isQueuedPhoto).map(({ key, preview }) => ({ key, preview }))
  return readable.length > 0 ? { ...rest, photos: readable } : rest
}

function write(orders: CartOrder[]): void {
  try {
    if (orders.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY)
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(orders))
  } catch {
    // Without storage the cart still works until the page is left.
    storageWorks = false
    cached = { raw: null, orders }
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export const cart = {
  /** Queues a treat; the cart is one party's, so its details become every queued treat's. */
  add(order: CartOrder) {
    write([...withContact(read(), order), order])
  },
  /** Her details changed without a new treat: every queued treat takes them. */
  setContact(contact: PartyContact) {
    write(withContact(read(), contact))
  },
  /** Replaces the order at `index` (0-based), e.g. to move it to another day. */
  update(index: number, order: CartOrder) {
    write(read().map((queued, position) => (position === index ? order : queued)))
  },
  /** Removes the order at `index` (0-based), as the spec's delete by position. */
  remove(index: number) {
    write(read().filter((_, position) => position !== index))
  },
  clear() {
    write(EMPTY)
  },
}

export function useCart(): CartOrder[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY)
}
