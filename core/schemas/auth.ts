import './zod-config.ts'
import { z } from 'zod'

/** Admin login, checked by the form and by POST /api/login. */

export const USERNAME_MIN_MESSAGE = 'Username must be at least 3 characters.'
export const PASSWORD_MIN_MESSAGE = 'Password must be at least 6 characters.'

export const loginSchema = z.object({
  username: z
    .string({ error: USERNAME_MIN_MESSAGE })
    .trim()
    .min(3, USERNAME_MIN_MESSAGE)
    .max(200, 'Username must be at most 200 characters.'),
  // Passwords are taken exactly as typed: no trimming.
  password: z
    .string({ error: PASSWORD_MIN_MESSAGE })
    .min(6, PASSWORD_MIN_MESSAGE)
    .max(200, 'Password must be at most 200 characters.'),
})

export type LoginInput = z.input<typeof loginSchema>
export type Login = z.output<typeof loginSchema>
