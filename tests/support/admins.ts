import { createAdmin } from '#app/features/auth/admins.server.ts'
import { type Auth, createAuth, migrateAuth } from '#app/features/auth/auth.server.ts'
import { openTestDatabase } from './database.ts'

/** A real database with better-auth's tables, and optionally one admin. */
export async function setUpAuth({
  siteUrl = 'http://localhost:3000',
  admin,
}: { siteUrl?: string; admin?: { email: string; password: string } } = {}) {
  const { db, dataDir } = await openTestDatabase()
  const auth: Auth = createAuth({
    db,
    siteUrl,
    secret: 'test-secret-that-is-long-enough-0123456789',
  })
  await migrateAuth(auth)
  if (admin) await createAdmin(auth, admin.email, admin.password)
  return { db, dataDir, auth }
}

/** A sign-in form post as the dialog sends it. */
export function signInRequest(email: string, password: string, siteUrl = 'http://localhost:3000') {
  return new Request(`${siteUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: siteUrl },
    body: new URLSearchParams({ email, password }),
  })
}
