import { formatWindow } from '#app/features/availability/pickup-windows.ts'

/** A request's delivery address as stored; every part null for a pickup or once erased. */
export interface DeliveryAddress {
  street: string | null
  city: string | null
  postalCode: string | null
  notes: string | null
}

/** The address on one line, '12 Elm Street, Springfield 12345'; null when there is none. */
export function formatDeliveryAddress(address: DeliveryAddress): string | null {
  const place = [address.city, address.postalCode].filter(Boolean).join(' ')
  const line = [address.street, place].filter(Boolean).join(', ')
  return line || null
}

/** 'Pickup 10:00–12:00', 'Delivery 14:00–16:00', 'Pickup', or 'Not chosen'. */
export function handoverLabel(
  fulfilment: 'pickup' | 'delivery' | null,
  window: string | null,
): string {
  const how = fulfilment === 'delivery' ? 'Delivery' : fulfilment === 'pickup' ? 'Pickup' : ''
  const when = window ? formatWindow(window) : ''
  return [how, when].filter(Boolean).join(' ') || 'Not chosen'
}

/** The columns of order_request that hold the handover, for a select. */
export const HANDOVER_COLUMNS = [
  'pickup_window',
  'delivery_street',
  'delivery_city',
  'delivery_postal_code',
  'delivery_notes',
] as const

/** The address out of a row with HANDOVER_COLUMNS. */
export function addressOf(row: {
  delivery_street: string | null
  delivery_city: string | null
  delivery_postal_code: string | null
  delivery_notes: string | null
}): DeliveryAddress {
  return {
    street: row.delivery_street,
    city: row.delivery_city,
    postalCode: row.delivery_postal_code,
    notes: row.delivery_notes,
  }
}
