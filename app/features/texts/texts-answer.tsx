import { PhoneWords } from '#app/components/phone-words.tsx'

/** The answer to a customer's texts form: a status when it worked, an alert when not. */
export function TextsAnswer({
  answer,
}: {
  answer: { ok: true; message: string } | { ok: false; error: string }
}) {
  return (
    <p
      role={answer.ok ? 'status' : 'alert'}
      className={
        answer.ok
          ? 'review-saved mt-4'
          : 'mt-4 rounded-2xl bg-blush-100 px-4 py-3 text-raspberry-dark'
      }
    >
      <PhoneWords text={answer.ok ? answer.message : answer.error} />
    </p>
  )
}
