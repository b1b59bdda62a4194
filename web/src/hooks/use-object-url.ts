import { useEffect, useMemo } from 'react';

/** A blob URL for showing a picked file, revoked when the file changes or the component leaves. */
export function useObjectUrl(file: Blob | undefined): string | undefined {
  // Derived during render (no state, no second render); the effect only releases what it made.
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
