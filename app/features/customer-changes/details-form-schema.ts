import { z } from 'zod/mini'
import { requestDetailsShape } from '#app/features/orders/order-schema.ts'

/*
 * A request's details in her words (decision 081), read by the order form's
 * own rules (requestDetailsShape) wherever they are written again: the
 * owner's edit on the order page and the customer's change from her page.
 */

/** The owner's "Edit the details": every detail, as the order form asks them. */
export const EditDetailsFormSchema = z.object({
  intent: z.literal('edit_details'),
  ...requestDetailsShape,
})

/** One request's details in her change: each may be left out, and then it stays. */
export const ChangedDetailsSchema = z.partial(z.object(requestDetailsShape))
