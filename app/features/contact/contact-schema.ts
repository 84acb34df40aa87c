import { z } from 'zod/mini'
import { emailAddress, multiLine, personName, phoneNumber } from '#app/utils/form-fields.ts'
import { CONTACT_LIMITS } from './contact-options.ts'

export const ContactMessageSchema = z.object({
  name: personName('Name', CONTACT_LIMITS.name),
  email: emailAddress,
  phone_number: phoneNumber,
  message: multiLine('Message', CONTACT_LIMITS.message),
})

export type ContactMessage = z.infer<typeof ContactMessageSchema>
export type ContactField = keyof ContactMessage
