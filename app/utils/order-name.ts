/**
 * How a customer's email names what she asked for, grammatical whatever the
 * treat is called: 'cakes order', 'Wedding Cake order', and plain 'order'
 * for "Other", which names no treat. A name with capitals only at its start
 * reads as a common noun in a sentence ("your cakes order"), unless it starts
 * with a day, a month or a holiday ('Saturday bake order'); one with more
 * ("French Macarons") is kept as the owner wrote it; one with a comma
 * follows the word: 'order (Cake and Cupcakes, a dozen)'. The one rule for
 * every email that names an order.
 */
export function orderName(product: string): string {
  const name = product.trim()
  if (name === '' || name.toLowerCase() === 'other') return 'order'
  // A name with a comma of its own ("Cupcakes, a dozen") cannot lead "order":
  // "your Cake and Cupcakes, a dozen order" reads as a list. It follows it instead.
  if (name.includes(',')) return `order (${name})`
  const rest = name.slice(1)
  const common = rest === rest.toLowerCase() && !PROPER_FIRST_WORD.test(name)
  return `${common ? name[0]!.toLowerCase() + rest : name} order`
}

/** A day, a month or a holiday keeps its capital: a drop is often named for one ("Saturday bake"). */
const PROPER_FIRST_WORD =
  /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|^(January|February|March|April|May|June|July|August|September|October|November|December|Christmas|Easter|Thanksgiving|Halloween|Hanukkah|Diwali|Eid|Valentine|Mother|Father)(?![a-z])/
