import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import { ORDER_ANSWER_ACTION } from '#app/features/order-page/order-answer.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { ORDER_LIMITS } from '#app/features/orders/order-options.ts'

/**
 * "Edit the details" under the request's details (decision 081): the
 * theme, servings, allergies and comments in the customer's words, for the
 * owner to change after a call or a message. A disclosure that needs no
 * script; it opens again with the reason when the server refuses, and
 * starts closed from what is stored once saved (the page keys it by the
 * request's version). The answer shows just above it, where she is looking.
 */
export function DetailsEditForm({
  detail,
  result,
  outcome,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  /** The page's answer to an edit, above the disclosure. */
  outcome: ReactNode
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'edit_details'
  const refused = result && !result.ok && result.intent === 'edit_details' && !result.ask
  const err = (field: string) => (refused ? result.fieldErrors?.[field] : undefined)
  const { request } = detail
  return (
    <div className="mt-4 grid gap-3" data-testid="details-edit">
      {outcome}
      <details className="details-edit" open={Boolean(refused) || undefined}>
        <summary className="button-secondary cursor-pointer">Edit the details</summary>
        <Form method="post" action={ORDER_ANSWER_ACTION} className="mt-4 grid gap-4" noValidate>
          <input type="hidden" name="version" value={detail.version} />
          <DetailFields request={request} err={err} />
          <p className="text-sm text-chocolate">
            Saved on the timeline, from what to what. She sees them on her page; no email is sent.
          </p>
          <div>
            <button
              type="submit"
              name="intent"
              value="edit_details"
              className="button-primary"
              disabled={busy}
            >
              {busy ? 'Saving…' : 'Save the details'}
            </button>
          </div>
        </Form>
      </details>
    </div>
  )
}

/** The details in her words: theme, servings, allergies and comments, each with its refusal. */
function DetailFields({
  request,
  err,
}: {
  request: OrderDetail['request']
  err: (field: string) => string | undefined
}) {
  return (
    <>
      <FormField name="event_theme" label={request.eventThemeLabel} error={err('event_theme')}>
        {(props) => (
          <input
            {...props}
            required
            maxLength={ORDER_LIMITS.event_theme}
            defaultValue={request.eventTheme}
          />
        )}
      </FormField>
      <FormField name="servings" label="Servings/Quantity" optional error={err('servings')}>
        {(props) => (
          <input
            {...props}
            maxLength={ORDER_LIMITS.servings}
            defaultValue={request.servings ?? ''}
          />
        )}
      </FormField>
      <FormField name="allergies" label="Allergies/Dietary needs" optional error={err('allergies')}>
        {(props) => (
          <input
            {...props}
            maxLength={ORDER_LIMITS.allergies}
            defaultValue={request.allergies ?? ''}
          />
        )}
      </FormField>
      <FormField name="comments" label="Comments" optional error={err('comments')}>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            maxLength={ORDER_LIMITS.comments}
            defaultValue={request.comments ?? ''}
          />
        )}
      </FormField>
    </>
  )
}
