import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  future: {
    // Route middleware: the owner's pages are guarded by their layout
    // (app/routes/admin-layout.tsx, docs/decisions/039-guards-by-shape.md).
    v8_middleware: true,
  },
} satisfies Config
