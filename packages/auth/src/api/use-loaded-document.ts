import type { LoadedDocument } from '@sieve/ui';
import { useEffect, useState } from 'react';
import { loadDocument } from './document-file';

/** The stored document at `url` for the preview: null while it loads (or without a url). */
export function useLoadedDocument(url: string | null): LoadedDocument | null {
  const [document, setDocument] = useState<LoadedDocument | null>(null);
  useEffect(() => {
    setDocument(null);
    if (!url) return;
    let isCurrent = true;
    void loadDocument(url).then((loaded) => {
      if (isCurrent) setDocument(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [url]);
  return document;
}
