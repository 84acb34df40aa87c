import { constants } from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { type Plugin, defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, so the HTTP layer and the
  // routes share one copy of every module (one database handle, one env).
  build: isSsrBuild
    ? { rollupOptions: { input: './server/app.ts' } }
    : {
        assetsInlineLimit: 0,
        // Every browser we support has modulepreload; skip the polyfill.
        modulePreload: { polyfill: false },
        // Terser squeezes a few more kilobytes than esbuild out of the bundle,
        // which matters against a 120 KB first-load budget.
        minify: 'terser' as const,
        terserOptions: { compress: { passes: 2 }, format: { comments: false } },
        rollupOptions: {
          output: {
            // The layout's own modules (header, footer, content, page meta) go
            // into one chunk: every page needs them, and each extra chunk
            // costs a request and its own import boilerplate.
            manualChunks: (id: string) =>
              /\/app\/(content|components)\/(?!form-field|honeypot-field)/.test(id)
                ? 'shell'
                : undefined,
          },
        },
      },
  // The development server pre-bundles the browser's packages as it discovers
  // them, and a late discovery reloads the page and the server's modules (losing
  // the open database). So: the forms' lazily imported zod and the order
  // form's lazily imported calendar up front, and the server-only packages its
  // scan finds behind routes' loaders never.
  optimizeDeps: {
    include: ['zod/mini', 'react-day-picker'],
    exclude: [
      '@aws-sdk/client-s3',
      'better-auth',
      'better-sqlite3',
      'busboy',
      'kysely',
      'marked',
      'nodemailer',
      'pg',
      'sanitize-html',
      'sharp',
      'tar',
      'web-push',
      'zod',
    ],
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    !isSsrBuild && compileOnArrival(),
    // Static files are compressed once, at the highest levels, instead of on
    // every request: smaller downloads and no CPU spent per visit.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg|xml|txt|json)$/,
        threshold: 512,
        algorithms: [
          defineAlgorithm('gzip', { level: 9 }),
          defineAlgorithm('brotliCompress', {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        ],
        logLevel: 'silent',
      }),
  ],
}))

/**
 * Starts every script of the browser build with V8's explicit compile hint
 * (https://v8.dev/blog/explicit-compile-hints): the browser compiles all of
 * its functions on a background thread while the file streams in, instead
 * of one by one on the main thread as React first calls them. It cut the
 * main thread's work while an owner page starts by about a fifth
 * (decision 073).
 *
 * The hint must be a file's first line, and Vite writes the first line of
 * some chunks (the map of a dynamic import's preloads) in its import
 * analysis' generateBundle, after every minifier (which would drop the
 * comment); vite-plugin-compression2 compresses the chunks after that same
 * hook. So the hint is added at the end of that hook: this plugin's
 * configResolved runs before the compression plugin's (which is `post`), so
 * the compression wraps this and the .br and .gz files carry the hint too.
 */
function compileOnArrival(): Plugin {
  return {
    name: 'compile-on-arrival',
    apply: 'build',
    configResolved(config) {
      const importAnalysis = config.plugins.find(
        (plugin) => plugin.name === 'vite:build-import-analysis',
      )
      const hook = importAnalysis?.generateBundle
      const original = typeof hook === 'function' ? hook : hook?.handler
      if (!importAnalysis || !hook || !original) {
        throw new Error("compile-on-arrival: Vite's import analysis hook was not found")
      }
      const handler: typeof original = async function (this, options, bundle, isWrite) {
        await original.call(this, options, bundle, isWrite)
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunk.code = `${COMPILE_HINT}\n${chunk.code}`
        }
      }
      if (typeof hook === 'function') importAnalysis.generateBundle = handler
      else hook.handler = handler
    },
  }
}

/** Must be the file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
