import { z } from 'zod/mini'
import { emailAddress, multiLine, noControlCharacters, personName } from '#app/utils/form-fields.ts'

export const ContactMessageSchema = z.object({
  name: personName('Name', 100),
  email: emailAddress,
  phone_number: z
    .string('Phone number is required.')
    .check(
      z.trim(),
      z.minLength(1, 'Phone number is required.'),
      noControlCharacters('Phone number'),
      z.regex(/^[0-9]{10}$/, 'Enter a 10-digit phone number, digits only (e.g. 4165550123).'),
    ),
  message: multiLine('Message', 5000),
})

export type ContactMessage = z.infer<typeof ContactMessageSchema>
export type ContactField = keyof ContactMessage
