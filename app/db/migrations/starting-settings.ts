// What a new bakery starts with until the owner changes it at /admin/settings:
// 008-booking writes them, and 039-policies-leave-rules-to-terms looks for
// the starting policies. Written out here, not imported from the features:
// a migration must not change once shipped, so neither may these.
export const STARTING_CAPACITY = 4
export const STARTING_HORIZON_DAYS = 180
export const STARTING_POLICIES = [
  'Notice: each treat needs the notice shown on our menu; custom designs may need more. We confirm every request before it is booked.',
  'Deposits: a 50% non-refundable deposit holds your date once we send your quote; the balance is due at pickup.',
  'Cancellations: cancel up to 7 days before your date for a refund of anything paid beyond the deposit. Changes depend on what we can still make.',
  'Allergens: everything is made in a home kitchen that also handles wheat, eggs, dairy, soy, peanuts and tree nuts. We cannot promise any treat is free of them.',
].join('\n\n')
