import { useEffect, useRef, useState } from 'react'

/** Up to two initials of a name: "Ana Costa" → "AC". */
export function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('')
}

/**
 * A person's picture in a circle, or their initials: with no picture, and also when the picture
 * does not load (a broken address shows the initials, never the browser's broken-image icon).
 * `drawn`: the initials as a CSS-drawn attribute instead of text (where the button's name must be
 * only its label).
 */
export function Avatar({
  src,
  name,
  className,
  drawn = false,
  testId,
}: {
  src: string | null | undefined
  name: string
  className: string
  drawn?: boolean
  testId?: string
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const image = useRef<HTMLImageElement>(null)
  // an image that failed before the page hydrated fired its error event with nobody listening
  useEffect(() => {
    const img = image.current
    if (img && img.complete && img.naturalWidth === 0) setFailed(img.getAttribute('src'))
  }, [src])
  const showImage = Boolean(src) && failed !== src
  const letters = initials(name)
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      data-initials={drawn && !showImage ? letters : undefined}
      className={`flex shrink-0 items-center justify-center overflow-hidden rounded-full font-bold ${drawn ? 'before:content-[attr(data-initials)]' : ''} ${className}`}
    >
      {showImage ? (
        <img ref={image} src={src!} alt="" className="h-full w-full object-cover" onError={() => setFailed(src!)} />
      ) : drawn ? null : (
        letters
      )}
    </span>
  )
}
