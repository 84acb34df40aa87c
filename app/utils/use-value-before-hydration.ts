import { type RefObject, useLayoutEffect } from 'react'

/**
 * Public pages start React on the visitor's first intent, so a visitor may
 * type or choose before it runs. React keeps the browser's value while it
 * hydrates a control, but a control whose value lives in state would be put
 * back to the server's on its next render: this hands what the visitor
 * entered to `onChange` once, as the page hydrates, before anything renders
 * again.
 */
export function useValueBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
  onChange: (value: string) => void,
) {
  useLayoutEffect(() => {
    const entered = ref.current?.value
    if (entered !== undefined && entered !== value) onChange(entered)
    // Only the value found at hydration is the visitor's; later ones are React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
