/**
 * The longest each field of the contact form may be: the schema
 * (contact-schema.ts) holds a field to it, and the form's maxLength stops
 * typing at it. Kept apart from the schema so the page renders the form
 * without loading the validation library.
 */
export const CONTACT_LIMITS = { name: 100, message: 5000 } as const
