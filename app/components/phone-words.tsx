/** A sentence with each phone number in it (416-555-0123) kept on one line. */
export function PhoneWords({ text }: { text: string }) {
  return text.split(/(\d{3}-\d{3}-\d{4})/).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  )
}
