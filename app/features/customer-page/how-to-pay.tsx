import { referenceInstruction } from '#app/features/order-status/payment-reference.ts'
import { paymentTextParts } from './payment-text.ts'

/** The quote's "How to pay": the owner's payment text and the reference to put in the message. */
export function HowToPay({
  instructions,
  reference,
}: {
  /** The owner's words on how to pay, trimmed. */
  instructions: string
  reference: string | null
}) {
  return (
    <div className="mt-5">
      <h4 className="text-sm font-bold text-chocolate">How to pay</h4>
      {instructions ? (
        <p className="mt-1 whitespace-pre-line break-words">
          <PaymentText text={instructions} />
        </p>
      ) : null}
      {reference ? (
        <p className="mt-1" data-testid="reference-instruction">
          {referenceInstruction(reference)}
        </p>
      ) : null}
    </div>
  )
}

/** The owner's payment text with any pasted web address made a link. */
function PaymentText({ text }: { text: string }) {
  return (
    <>
      {paymentTextParts(text).map((part, index) =>
        'href' in part ? (
          <a
            key={index}
            href={part.href}
            className="text-link break-all"
            rel="noopener noreferrer"
            target="_blank"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  )
}
