import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

/**
 * Browser tests and the benchmark use Debian's Chromium where it is installed
 * (CI and our machines cannot download Playwright's browser), CHROMIUM_PATH
 * when set, and Playwright's own browser on an ordinary laptop.
 */
export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export function chromiumLaunchOptions(): LaunchOptions {
  return { executablePath: chromiumExecutable(), args: chromiumFlags }
}
