import { useState } from 'react';

type AvatarProps = { src: string; name: string; size?: number };

/**
 * A round user picture; falls back to the name's initial when there is no picture or it fails to
 * load (a deleted object, or offline without it in the cache).
 */
export function Avatar({ src, name, size = 32 }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!src || failedSrc === src) {
    return (
      <span className="avatar avatar-fallback" style={style} aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={style}
      onError={() => setFailedSrc(src)}
    />
  );
}
