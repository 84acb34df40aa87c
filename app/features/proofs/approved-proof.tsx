import { proofDay } from './proof-dates.ts'
import type { ApprovedProof } from './proof-rules.ts'

/**
 * The approved design on the bake list and the order page: its first image
 * (a link to it full size) and "Approved <date>". `src` makes an image's
 * private address for the page showing it.
 */
export function ApprovedProofFigure({
  proof,
  src,
  className = '',
}: {
  proof: ApprovedProof
  src: (key: string, width?: number) => string
  className?: string
}) {
  return (
    <figure className={`approved-proof ${className}`} data-testid="approved-proof">
      {proof.image ? (
        <a
          href={src(proof.image.key)}
          target="_blank"
          rel="noreferrer"
          className="approved-proof-link"
        >
          <img
            src={src(proof.image.key, 400)}
            alt={`The approved design, proof ${proof.round}, full size`}
            width={proof.image.width}
            height={proof.image.height}
            loading="lazy"
            style={{ backgroundImage: `url("${proof.image.preview}")` }}
          />
        </a>
      ) : null}
      <figcaption>
        <strong>Approved</strong> {proofDay(proof.approvedAt)}
        <span className="block text-sm text-chocolate">Proof {proof.round}</span>
      </figcaption>
    </figure>
  )
}

/** The owner's address of a proof image (signed in only). */
export function ownerProofSrc(key: string, width?: number): string {
  return `/admin/proofs/${encodeURIComponent(key)}${width ? `?w=${width}` : ''}`
}
