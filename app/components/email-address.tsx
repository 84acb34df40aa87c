import { Fragment } from 'react'

/**
 * An email address that may wrap after its @ and before its dots, the way
 * addresses are broken in print, rather than anywhere in a word.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/)
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ))
}
