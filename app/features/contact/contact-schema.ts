import { z } from 'zod/mini'
import { emailAddress, multiLine, personName, phoneNumber } from '#app/utils/form-fields.ts'

export const ContactMessageSchema = z.object({
  name: personName('Name', 100),
  email: emailAddress,
  phone_number: phoneNumber,
  message: multiLine('Message', 5000),
})

export type ContactMessage = z.infer<typeof ContactMessageSchema>
export type ContactField = keyof ContactMessage
