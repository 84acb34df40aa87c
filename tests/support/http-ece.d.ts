/** The part of http_ece's API the tests use to read a push as a browser does (it ships no types). */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'

  interface DecryptParams {
    version: 'aes128gcm'
    privateKey: ECDH
    authSecret: Buffer | string
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer }
  export default ece
}
