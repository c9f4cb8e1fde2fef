import { useEffect } from 'react';

/** Sets document.title after render (the server already set it for the first load). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
