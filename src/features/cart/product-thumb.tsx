/** The square product artwork at a fixed size (explicit width/height: no layout shift). */
export function ProductThumb({ src, size = 64, className = '' }: { src: string | null; size?: number; className?: string }) {
  if (!src) {
    return (
      <span aria-hidden="true" className={`block shrink-0 rounded-lg bg-cream-200 ${className}`} style={{ width: size, height: size }} />
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`max-w-none shrink-0 rounded-lg bg-cream-200 object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
