import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * The top of a page under Settings: the way back to Settings, the page's
 * name and what it holds.
 */
export function SettingsPageHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <p className="eyebrow">
        <Link to="/admin/settings" className="text-link">
          Settings
        </Link>
      </p>
      <h1 className="page-heading mt-2">{title}</h1>
      <p className="lede mt-3">{children}</p>
    </>
  )
}
