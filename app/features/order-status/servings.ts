/**
 * A request's "Servings or quantity" as the owner reads it in a line of
 * text (the bake list, the morning digest): the customer types a number
 * ("20"), or her own words ("24 cupcakes", "serves 40"), which are already
 * a phrase. Only a bare number needs a word: "serves 20".
 */
export function servingsPhrase(servings: string): string {
  const value = servings.trim()
  return /^\d+$/.test(value) ? `serves ${Number(value)}` : value
}
