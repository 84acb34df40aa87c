/**
 * A party's treats named as one order (decision 049): 'Cakes and Cupcakes',
 * 'Cakes, Cupcakes and Cookies', each in the send's order and kept as the
 * customer chose it. The one rule for every place that names a party: the
 * customer's emails, the owner's emails and the owner's phone alerts.
 */
export function partyName(products: readonly string[]): string {
  const names = products.map((product) => product.trim()).filter(Boolean)
  if (names.length < 2) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
