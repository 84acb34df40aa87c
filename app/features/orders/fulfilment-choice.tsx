import { useId } from 'react'

/**
 * 'Pickup or delivery': pickup always, delivery only when the owner offers
 * it, with the owner's note on delivery beside that choice.
 */
export function FulfilmentChoice({
  deliveryEnabled,
  deliveryNote,
  defaultValue,
  error,
  onChange,
}: {
  deliveryEnabled: boolean
  deliveryNote: string
  defaultValue?: string
  error?: string
  /** Told the choice, so the form can ask for a delivery's address. */
  onChange?: (fulfilment: 'pickup' | 'delivery') => void
}) {
  const id = useId()
  if (!deliveryEnabled) {
    return (
      <div className="form-field">
        <p className="form-label">Pickup or delivery</p>
        <p className="fulfilment-only">
          <input type="hidden" name="fulfilment" value="pickup" />
          Pickup from our kitchen. We are not delivering at the moment.
        </p>
      </div>
    )
  }
  const chosen = defaultValue === 'delivery' ? 'delivery' : 'pickup'
  return (
    <fieldset
      className="form-field fulfilment-choice"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="form-label">Pickup or delivery</legend>
      <label className="choice-label">
        <input
          type="radio"
          name="fulfilment"
          value="pickup"
          defaultChecked={chosen === 'pickup'}
          onChange={() => onChange?.('pickup')}
        />
        <span>Pickup</span>
      </label>
      <label className="choice-label">
        <input
          type="radio"
          name="fulfilment"
          value="delivery"
          defaultChecked={chosen === 'delivery'}
          onChange={() => onChange?.('delivery')}
          aria-describedby={deliveryNote ? `${id}-note` : undefined}
        />
        <span>Delivery</span>
      </label>
      {deliveryNote ? (
        <p id={`${id}-note`} className="form-hint">
          {deliveryNote}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
