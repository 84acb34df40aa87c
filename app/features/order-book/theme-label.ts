/**
 * What a request's `event_theme` is called where it is shown. A custom
 * request keeps her event or theme there; an order sold at a set price (a
 * drop's, a treat bought now: decisions 100 and 103) keeps what she chose,
 * "Two dozen · Cream cheese", and is named so on her page and the owner's.
 */
export function themeLabel({ setPrice }: { setPrice: boolean }): string {
  return setPrice ? 'Choices' : 'Event/Theme'
}
