import { Form, useNavigation } from 'react-router'
import { FocusedAnswer } from '#app/components/action-status.tsx'
import { FormField } from '#app/components/form-field.tsx'
import type { NoteAnswer } from './customer-notes.server.ts'

/**
 * Her private note on a customer: what she likes, who she orders for, what
 * to remember. Only the owner ever sees it. The answer shows at the top of
 * the card, focused, where she is looking.
 */
export function CustomerNoteCard({
  note,
  answer,
}: {
  note: string
  answer: NoteAnswer | undefined
}) {
  const saving = useNavigation().formMethod === 'POST'
  const refused = answer && !answer.ok ? answer : undefined
  return (
    <section className="card grid gap-3 p-5 md:col-span-2" aria-labelledby="your-note">
      <h2 id="your-note" className="font-display text-xl font-semibold">
        Your notes
      </h2>
      <FocusedAnswer answer={answer} />
      <Form method="post" className="grid gap-3" noValidate>
        <FormField
          name="note"
          label="Only you see these"
          hint="What to remember: favourite flavours, who they order for, how they like to be reached."
          error={refused?.errors.note}
        >
          {(props) => <textarea {...props} rows={4} defaultValue={refused?.values.note ?? note} />}
        </FormField>
        <div>
          <button type="submit" className="button-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save notes'}
          </button>
        </div>
      </Form>
    </section>
  )
}
