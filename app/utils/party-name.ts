/**
 * A party's treats named as one order (decision 049): 'Cakes and Cupcakes',
 * 'Cakes, Cupcakes and Cookies' ('Cake; Cupcakes, a dozen; and Cookies'
 * when a name has a comma of its own), each in the send's order and kept as the
 * customer chose it; a treat chosen more than once is named once with its
 * count ('2 Cakes and Cupcakes', never 'Cakes and Cakes'). The one rule for
 * every place that names a party: the customer's emails, the owner's emails
 * and the owner's phone alerts.
 */
export function partyName(products: readonly string[]): string {
  const counts = new Map<string, number>()
  for (const product of products) {
    const name = product.trim()
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  const names = [...counts].map(([name, count]) => (count > 1 ? `${count} ${name}` : name))
  if (names.length < 2) return names[0] ?? ''
  // A treat whose name has a comma ("Cupcakes, a dozen") would run into its
  // neighbours in a list of three; semicolons keep each whole.
  const between = names.length > 2 && names.some((name) => name.includes(',')) ? '; ' : ', '
  return `${names.slice(0, -1).join(between)}${between === '; ' ? ';' : ''} and ${names.at(-1)}`
}
