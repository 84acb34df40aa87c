import type { InputHTMLAttributes } from 'react'

/**
 * The field a customer types her code in, wherever she may use one (a treat
 * bought now, a drop's held treats, her quote): named `code`, shown in
 * capitals as it is kept, with no autocomplete or spelling marks, and no
 * longer than a code can be.
 */
export function CodeInput({
  className = '',
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & { id: string }) {
  return (
    <input
      name="code"
      className={`uppercase ${className}`}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={24}
      {...props}
    />
  )
}
