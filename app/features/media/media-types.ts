/**
 * The encodings the image pipeline writes for every photo, gallery or
 * inspiration alike. No suffix: the gallery's pages pick among them in the
 * browser too.
 */
export type VariantFormat = 'avif' | 'webp' | 'jpeg'
