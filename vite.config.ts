import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, so the HTTP layer and the
  // routes share one copy of every module (one database handle, one env).
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : { assetsInlineLimit: 0 },
  plugins: [tailwindcss(), reactRouter()],
}))
